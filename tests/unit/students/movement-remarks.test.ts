import { describe, expect, it } from 'vitest';
import { movementRemarks, type LearnerMovement } from '@domain/students/movement';

/** SF2's REMARKS in DepEd's short forms, each in the month it happened. */
describe("a learner's movement as SF2's remarks", () => {
  const month = { start: '2026-11-01', end: '2026-11-30' };
  const cutoff = '2026-06-12';
  const date = (d: string) => `on ${d}`;
  const learner = (over: Partial<LearnerMovement>): LearnerMovement => ({
    enrolmentDate: '2026-06-08',
    transferInFrom: null,
    leftOn: null,
    leftReason: null,
    leftDetail: null,
    ...over,
  });
  const cases: Array<[string, Partial<LearnerMovement>, string]> = [
    ['on the roll all year', {}, ''],
    ['late enrolment after the first Friday', { enrolmentDate: '2026-11-16' }, 'LE on 2026-11-16'],
    [
      'transferred in',
      { enrolmentDate: '2026-11-16', transferInFrom: 'Rizal Central School' },
      'T/I from Rizal Central School on 2026-11-16',
    ],
    [
      'transferred out',
      { leftOn: '2026-11-20', leftReason: 'TRANSFERRED_OUT', leftDetail: 'Mabini ES' },
      'T/O to Mabini ES on 2026-11-20',
    ],
    ['dropped out with a code', { leftOn: '2026-11-20', leftReason: 'DROPPED_OUT', leftDetail: 'b.1' }, 'DRP b.1 on 2026-11-20'],
    [
      'dropped out, other reason',
      { leftOn: '2026-11-20', leftReason: 'DROPPED_OUT', leftDetail: 'f: Moved abroad' },
      'DRP f: Moved abroad on 2026-11-20',
    ],
    ['no longer participating', { leftOn: '2026-11-20', leftReason: 'NLPA' }, 'NLPA on 2026-11-20'],
    ['left in another month', { leftOn: '2026-10-20', leftReason: 'DROPPED_OUT', leftDetail: 'b.1' }, ''],
    [
      'came late and left in the month',
      { enrolmentDate: '2026-11-03', leftOn: '2026-11-27', leftReason: 'TRANSFERRED_OUT', leftDetail: 'Mabini ES' },
      'LE on 2026-11-03; T/O to Mabini ES on 2026-11-27',
    ],
  ];
  it.each(cases)('%s', (_label, over, expected) => {
    expect(movementRemarks(learner(over), cutoff, month, date)).toBe(expected);
  });
});
