import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useScopedSchool } from '@features/schools';
import { $page, navigate } from '@kit/console/navigation';
import { Breadcrumb, EmptyState, ErrorBanner, type Crumb } from '@kit';
import { SCHOOL_NOT_FOUND } from '@domain/schools';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { StudentList, type StudentPlace } from './StudentList';
import { usePageTitle } from '@kit/hooks/usePageTitle';
import { $consoleAccess, consoleHref, isAdminConsole } from '@kit/console/scope';

/**
 * School-scoped Students (/super-admin/schools/{schoolId}/students): breadcrumb, grade and section from
 * the query string, title 'Students - {school name}'; without a school id it goes to /super-admin/schools.
 */
export default function SchoolStudentsScreen() {
  const page = useStore($page);
  const access = useStore($consoleAccess);
  const schoolParam = page && 'schoolId' in page.params ? String(page.params.schoolId) : '';
  // A school admin's console shows their own school only: any other id in the address goes to theirs.
  const own = access.kind === 'admin' ? access.schoolId : null;
  const valid = /^\d+$/.test(schoolParam) && Number(schoolParam) > 0 && (own == null || Number(schoolParam) === own);
  useEffect(() => {
    if (valid) return;
    if (own != null) navigate(`/admin/schools/${own}/students`, { replace: true });
    else navigate('/super-admin/schools', { replace: true });
  }, [valid, own]);
  const school = useScopedSchool(schoolParam);
  const [place, setPlace] = useState<StudentPlace>({ gradeId: '' });
  const onPlace = useCallback((p: StudentPlace) => setPlace(p), []);
  const title = school.data ? `Students - ${school.data.name}` : 'Students';
  usePageTitle(title);
  if (!valid) return null;
  // A school that does not exist (a stale link, a typed id): nothing to register, archive or import into.
  if (school.error === SCHOOL_NOT_FOUND) {
    return (
      <div>
        <Breadcrumb items={[{ label: 'Schools', href: '/super-admin/schools' }, { label: 'Students' }]} />
        <ScreenHeading title="Students" />
        <EmptyState>
          {SCHOOL_NOT_FOUND}.{' '}
          <a href="/super-admin/schools" className="font-medium text-brand-700 hover:underline">
            Back to Schools
          </a>
        </EmptyState>
      </div>
    );
  }

  const base = consoleHref(`/super-admin/schools/${schoolParam}/students`);
  const crumbs: Crumb[] = [
    ...(isAdminConsole() ? [] : [{ label: 'Schools', href: '/super-admin/schools' }]),
    { label: school.data?.name ?? '…', href: base },
    ...(place.gradeName ? [{ label: place.gradeName, href: `${base}?gradeId=${place.gradeId}` }] : []),
    ...(place.sectionName ? [{ label: place.sectionName }] : []),
    { label: 'Students' },
  ];
  return (
    <StudentList
      schoolId={Number(schoolParam)}
      onPlace={onPlace}
      registerLabel="Register New Student"
      archivesLabel="View Archived Students"
      heading={(actions) => (
        <>
          <Breadcrumb items={crumbs} />
          <ScreenHeading title={title}>{actions}</ScreenHeading>
          <ErrorBanner className="mb-4" message={school.error} />
        </>
      )}
    />
  );
}
