import { saveAttendanceSettings } from './api';
import { actionFailure, invalid, type ActionResult } from '@kit/form/action';
import { attendanceSettingsSchema, type AttendanceSettings, type AttendanceSettingsInput } from '@domain/attendance';
import { validate } from '@domain/validation';

/** Every IANA zone this browser knows (the time-zone choice of a school). */
export const TIME_ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Manila', 'UTC'];

/** Saves a school's attendance settings, checked first with the API's own schema. */
export async function saveSettings(schoolId: number, input: AttendanceSettingsInput): Promise<ActionResult<AttendanceSettings>> {
  const checked = validate(attendanceSettingsSchema, input);
  if (!checked.ok) return invalid(checked.errors);
  try {
    return { ok: true, message: 'Attendance settings saved', data: await saveAttendanceSettings(schoolId, checked.value) };
  } catch (err) {
    return actionFailure(err, 'Failed to save attendance settings');
  }
}
