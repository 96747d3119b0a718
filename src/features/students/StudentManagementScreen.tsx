import { ScreenHeading } from '@kit/display/ScreenHeading';
import { StudentList } from './StudentList';

/** All-schools Students (/super-admin/student-management): School filter and column, 'View Archives'. */
export default function StudentManagementScreen() {
  return (
    <StudentList
      registerLabel="+ Register New Student"
      archivesLabel="View Archives"
      heading={(actions) => <ScreenHeading title="Student Management">{actions}</ScreenHeading>}
    />
  );
}
