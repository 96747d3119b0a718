import { serializeQuery } from '@kit';

/** The section-day screen's URL filters: the school (super admin), grade, section and day ('' = the school's today). */
export const SECTION_DAY_DEFAULTS = { schoolId: '', gradeId: '', sectionId: '', date: '' };
export const SECTION_DAY_PATH = '/super-admin/attendance-history/section-day';

/**
 * The section's day for what Attendance History shows: its school, grade and section, and its day when the
 * history shows one day (else today).
 */
export function sectionDayHref(history: {
  schoolId: string;
  gradeId: string;
  sectionId: string;
  startDate: string;
  endDate: string;
}) {
  const date = history.startDate && history.startDate === history.endDate ? history.startDate : '';
  const { schoolId, gradeId, sectionId } = history;
  return SECTION_DAY_PATH + serializeQuery({ schoolId, gradeId, sectionId, date }, SECTION_DAY_DEFAULTS);
}
