import { studentName, type Student } from '@domain/students';
import { fileUrl } from '@domain/files';
import { Avatar, StatusBadge, type Column } from '@kit';

const orDash = (v: string | null | undefined) => v || '-';

/** Avatar (or initials) and full name: the Name cell of the student and archived lists. */
export function PersonCell({ picture, firstName, lastName }: { picture?: string | null; firstName: string; lastName: string }) {
  return (
    <span className="flex min-w-[5rem] items-center gap-2 sm:min-w-[10rem]">
      {/* On a phone the name alone: room for the status and actions. */}
      <span className="hidden sm:contents">
        <Avatar src={fileUrl(picture)} firstName={firstName} lastName={lastName} size="sm" alt="" />
      </span>
      <span className="font-medium text-gray-900">{studentName({ firstName, lastName })}</span>
    </span>
  );
}

/** Student table: Name, LRN, Grade, Section, Status; the all-schools list adds School (acronym). */
export function studentColumns(withSchool: boolean): Array<Column<Student>> {
  return [
    {
      header: 'Name',
      cell: (s) => <PersonCell picture={s.profilePictureUrl} firstName={s.firstName} lastName={s.lastName} />,
    },
    ...(withSchool
      ? [
          {
            header: 'School',
            cell: (s: Student) => <span title={s.school?.name}>{orDash(s.school?.acronym)}</span>,
            detail: 'md' as const,
          },
        ]
      : []),
    { header: 'LRN', cell: (s) => s.lrn, className: 'whitespace-nowrap tabular-nums', detail: 'sm' },
    { header: 'Grade', cell: (s) => orDash(s.gradeModel?.name), className: 'min-w-[5rem]', detail: 'md' },
    { header: 'Section', cell: (s) => orDash(s.sectionModel?.name), className: 'min-w-[5rem]', detail: 'md' },
    { header: 'Status', cell: (s) => <StatusBadge kind="active" value={s.isActive} /> },
  ];
}
