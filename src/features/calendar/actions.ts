import { actionFailure, invalid, type ActionResult } from '@kit/form/action';
import { validate } from '@domain/validation';
import {
  noClassDayInputSchema,
  schoolYearInputSchema,
  type NoClassDayInput,
  type NoClassDayResult,
  type SchoolCalendar,
  type SchoolYearInput,
} from '@domain/calendar';
import { deleteNoClassDay, postNoClassDay, saveSchoolYear } from './api';

/*
 * The calendar screen's actions: each checks its input with the API's own schema first, then calls the API and
 * answers an ActionResult (a message for the screen, field errors for the form).
 */

/** "7, 8" → [7, 8]; blank → null (the whole school); anything else is left for the schema to refuse. */
export function parseGradeLevels(text: string): unknown {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return null;
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

export async function setSchoolYear(schoolId: number, input: SchoolYearInput): Promise<ActionResult<SchoolCalendar>> {
  const checked = validate(schoolYearInputSchema, input);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const { calendar, holidaysAdded } = await saveSchoolYear(schoolId, checked.value);
    return { ok: true, message: `School year saved; ${holidaysAdded} holiday(s) added`, data: calendar };
  } catch (err) {
    return actionFailure(err, 'Failed to save the school year');
  }
}

export const cancelledText = (r: NoClassDayResult) => {
  const saved = r.day.endDate ? `No-class period saved: ${r.days} day${r.days === 1 ? '' : 's'}.` : 'No-class day saved.';
  return r.cancelledAbsences === 0
    ? saved
    : `${saved} ${r.cancelledAbsences} absence mark(s) and ${r.cancelledMessages} unsent message(s) cancelled.`;
};

export async function declareDay(schoolId: number, input: NoClassDayInput): Promise<ActionResult<NoClassDayResult>> {
  const checked = validate(noClassDayInputSchema, input);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const result = await postNoClassDay(schoolId, input);
    return { ok: true, message: cancelledText(result), data: result };
  } catch (err) {
    return actionFailure(err, 'Failed to save the no-class day');
  }
}

export async function removeDay(schoolId: number, date: string): Promise<ActionResult<null>> {
  try {
    const res = await deleteNoClassDay(schoolId, date);
    return { ok: true, message: res.message ?? 'No-class day removed', data: null };
  } catch (err) {
    return actionFailure(err, 'Failed to remove the no-class day');
  }
}
