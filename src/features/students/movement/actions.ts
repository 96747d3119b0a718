import { requestBody } from '@kit/http';
import { actionFailure, invalid, type ActionResult } from '@kit/form/action';
import { validate } from '@domain/validation';
import { movementInputSchema, type MovementKind } from '@domain/students/movement';
import type { Student } from '@domain/students';
import { STUDENTS_PATH } from '../api';

/** The movement form as its inputs hold it ('' = not given). */
export interface MovementForm {
  kind: MovementKind | '';
  date: string;
  school: string;
  reasonCode: string;
  other: string;
}
export const EMPTY_MOVEMENT: MovementForm = { kind: '', date: '', school: '', reasonCode: '', other: '' };

/** Only the fields the chosen kind takes. */
function payload(f: MovementForm): Record<string, unknown> {
  switch (f.kind) {
    case 'TRANSFERRED_IN':
    case 'TRANSFERRED_OUT':
      return { kind: f.kind, date: f.date, school: f.school };
    case 'DROPPED_OUT':
      return { kind: f.kind, date: f.date, reasonCode: f.reasonCode, other: f.reasonCode === 'f' ? f.other : null };
    case 'NLPA':
      return { kind: f.kind, date: f.date };
    default:
      return { kind: f.kind };
  }
}

/** POST students/{id}/movement, checked first with the API's own schema. */
export async function recordMovement(studentId: number, form: MovementForm): Promise<ActionResult<Student>> {
  const checked = validate(movementInputSchema, payload(form));
  if (!checked.ok) return invalid(checked.errors);
  try {
    const res = await requestBody<Student>('Failed to record the movement', (a) =>
      a.post(`${STUDENTS_PATH}/${studentId}/movement`, { json: checked.value }),
    );
    return { ok: true, message: res.message ?? 'Recorded', data: res.data };
  } catch (err) {
    return actionFailure(err, 'Failed to record the movement');
  }
}
