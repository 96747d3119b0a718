import { consoleHref } from '@kit/console/scope';
/** Where a school's buttons go (School Management, Grades and Sections). */
export function schoolLinks(schoolId: number) {
  return {
    gradesSections: `/super-admin/schools/${schoolId}/grades-sections`,
    students: `/super-admin/schools/${schoolId}/students`,
    calendar: `/super-admin/schools/${schoolId}/calendar`,
    sf2: `/super-admin/schools/${schoolId}/sf2`,
    schoolYear: `/super-admin/schools/${schoolId}/school-year`,
    noticeTemplates: `/super-admin/schools/${schoolId}/notice-templates`,
  };
}

/** The school-scoped student list filtered by grade and optionally section (Grades and Sections). */
export function studentsLink(schoolId: number, gradeId: number, sectionId?: number): string {
  const query = new URLSearchParams({ gradeId: String(gradeId) });
  if (sectionId) query.set('sectionId', String(sectionId));
  return consoleHref(`/super-admin/schools/${schoolId}/students?${query}`);
}
