import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $page, navigate } from '@kit/console/navigation';

/**
 * /super-admin/students[/{schoolId}[/{gradeId}[/{sectionId}]]] are the same list as
 * Student Management: the path's ids become its filters, so there is one address scheme for bookmarks.
 */
export default function StudentsPathRedirect() {
  const page = useStore($page);
  useEffect(() => {
    const params: Record<string, string | undefined> = page?.params ?? {};
    const query = new URLSearchParams();
    for (const key of ['schoolId', 'gradeId', 'sectionId']) if (/^\d+$/.test(params[key] ?? '')) query.set(key, params[key]!);
    const text = query.toString();
    navigate(`/super-admin/student-management${text ? `?${text}` : ''}`, { replace: true });
  }, [page]);
  return null;
}
