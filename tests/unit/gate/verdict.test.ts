import { describe, expect, it } from 'vitest';
import { localOutcome, schoolClock, shownOutcome } from '../../../src/features/gate/verdict';

const rules = {
  lateCutoff: '07:45',
  schoolDays: [1, 2, 3, 4, 5],
  holidays: ['2026-12-25'],
  debounceSeconds: 60,
  checkoutMinMinutes: 30,
};
const zone = 'Asia/Manila';
/** A Manila wall time on Monday 2026-11-16. */
const at = (time: string, date = '2026-11-16') => Date.parse(`${date}T${time}:00+08:00`);

describe("the gate's own verdict (before the server's)", () => {
  it('reads the school clock in the school zone', () => {
    expect(schoolClock(new Date(at('07:31')), zone)).toEqual({ date: '2026-11-16', time: '07:31', weekday: 1 });
  });

  it('first tap: PRESENT before the cutoff, LATE after', () => {
    expect(localOutcome({ at: at('07:30'), known: true }, [], rules, zone)).toBe('CHECK_IN');
    expect(localOutcome({ at: at('07:50'), known: true }, [], rules, zone)).toBe('LATE');
  });

  it('a repeat within the window, a check-out after the delay, nothing more after it', () => {
    const inAt = [{ at: at('07:30'), outcome: 'CHECK_IN' as const }];
    expect(localOutcome({ at: at('07:30') + 20_000, known: true }, inAt, rules, zone)).toBe('DEBOUNCED');
    expect(localOutcome({ at: at('07:45'), known: true }, inAt, rules, zone)).toBe('NO_CHANGE');
    expect(localOutcome({ at: at('16:00'), known: true }, inAt, rules, zone)).toBe('CHECK_OUT');
    const out = [...inAt, { at: at('16:00'), outcome: 'CHECK_OUT' as const }];
    expect(localOutcome({ at: at('16:30'), known: true }, out, rules, zone)).toBe('NO_CHANGE');
  });

  it('unknown cards, weekends and holidays', () => {
    expect(localOutcome({ at: at('07:30'), known: false }, [], rules, zone)).toBe('UNKNOWN_CARD');
    expect(localOutcome({ at: at('07:30', '2026-11-21'), known: true }, [], rules, zone)).toBe('NOT_SCHOOL_DAY');
    expect(localOutcome({ at: at('07:30', '2026-12-25'), known: true }, [], rules, zone)).toBe('NOT_SCHOOL_DAY');
  });

  it('shows IN/OUT, PRESENT/LATE and one tone per outcome', () => {
    expect(shownOutcome('CHECK_IN')).toMatchObject({ tone: 'accepted', direction: 'IN', status: 'PRESENT' });
    expect(shownOutcome('LATE')).toMatchObject({ tone: 'late', direction: 'IN', status: 'LATE' });
    expect(shownOutcome('CHECK_OUT', 'LATE')).toMatchObject({ tone: 'accepted', direction: 'OUT', status: 'LATE' });
    expect(shownOutcome('UNKNOWN_CARD').tone).toBe('unknown');
    expect(shownOutcome('NOT_SCHOOL_DAY').tone).toBe('closed');
    expect(shownOutcome('DEBOUNCED').tone).toBe('repeated');
    expect(shownOutcome('NO_CHANGE').tone).toBe('repeated');
  });
});
