import { fetchGrades } from '@features/grades-sections';
import { fetchSections } from '@features/grades-sections';
import { useListResource } from '@kit';

export interface Choice {
  value: number;
  label: string;
}

/**
 * The grades of a school and the sections of a grade, as select options (grade waits for a
 * school, section for a grade). '' ids give empty lists without a request.
 */
export function useClassChoices(schoolId: string, gradeId: string) {
  const grades = useListResource(
    (signal) => (schoolId ? fetchGrades(Number(schoolId), signal) : Promise.resolve([])),
    `grades:${schoolId}`,
  );
  const sections = useListResource(
    (signal) => (schoolId && gradeId ? fetchSections(Number(schoolId), Number(gradeId), signal) : Promise.resolve([])),
    `sections:${schoolId}/${gradeId}`,
  );
  return {
    grades: (grades.data ?? []).map((g): Choice => ({ value: g.id, label: g.name })),
    sections: (sections.data ?? []).map((s): Choice => ({ value: s.id, label: s.name })),
    gradeName: (id: string) => grades.data?.find((g) => String(g.id) === id)?.name,
    sectionName: (id: string) => sections.data?.find((s) => String(s.id) === id)?.name,
    error: grades.error ?? sections.error,
  };
}
