import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $router } from '@kit/router';

/**
 * /super-admin/students[/{schoolId}[/{gradeId}[/{sectionId}]]] (spec §2 route table) are the same list as
 * Student Management: the path's ids become its filters, so there is one address scheme for bookmarks.
 */
export default function StudentsPathRedirect() {
  const page = useStore($router);
  useEffect(() => {
    const params = (page?.params ?? {}) as Record<string, string | undefined>;
    const query = new URLSearchParams();
    for (const key of ['schoolId', 'gradeId', 'sectionId']) if (/^\d+$/.test(params[key] ?? '')) query.set(key, params[key]!);
    const text = query.toString();
    $router.open(`/super-admin/student-management${text ? `?${text}` : ''}`, true);
  }, [page]);
  return null;
}
