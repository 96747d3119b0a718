import { describe, expect, it } from 'vitest';
import { expiresAt, expiryReason, EXPIRY_REASONS, inClaimOrder, priorityOf } from '../../../server/features/outbox/urgency';

/** When an attendance notice stops being worth sending (OUTBOX_ATTENDANCE_EXPIRY). */
describe('outbox urgency rules', () => {
  /** The day rule alone: no delay limit comes first (ATTENDANCE_NOTICE_MAX_DELAY at its 7-day maximum). */
  const endOfDay = { attendanceExpiryHours: null, noticeMaxDelayMinutes: 10_080 };
  const hours = (h: number) => ({ attendanceExpiryHours: h, noticeMaxDelayMinutes: 10_080 });
  it('end-of-day: the end of the school-local day of the event (Manila 07:12 Nov 25 → Nov 26 00:00 Manila)', () => {
    expect(expiresAt('CHECK_IN', '2026-11-24T23:12:00.000Z', 'Asia/Manila', endOfDay)).toBe('2026-11-25T16:00:00.000Z');
    // 23:30 Manila is still the same school day: it expires 30 minutes later, not a day later.
    expect(expiresAt('CHECK_OUT', '2026-11-25T15:30:00.000Z', 'Asia/Manila', endOfDay)).toBe('2026-11-25T16:00:00.000Z');
  });
  it('hours: that many hours after the event; CUSTOM never expires', () => {
    expect(expiresAt('ABSENCE', '2026-11-24T23:12:00.000Z', 'Asia/Manila', hours(3))).toBe('2026-11-25T02:12:00.000Z');
    expect(expiresAt('CUSTOM', '2026-11-24T23:12:00.000Z', 'Asia/Manila', endOfDay)).toBeNull();
    expect(expiresAt('CUSTOM', '2026-11-24T23:12:00.000Z', 'Asia/Manila', hours(3))).toBeNull();
  });
  it('reasons name the rule; a late arrival is more urgent than an arrival', () => {
    expect(expiryReason(null)).toBe(EXPIRY_REASONS.endOfDay);
    expect(expiryReason(6)).toBe(
      'Expired: not sent within 6 hours of the attendance event, and an attendance notice is never sent late',
    );
    expect(priorityOf('LATE_ARRIVAL')).toBeGreaterThan(priorityOf('CHECK_IN'));
  });
  it('claim order: class, then schools in turn; within a school the fresh window oldest first, then older newest first', () => {
    const cutoff = '2026-11-26T08:00:00.000Z';
    const row = (id: number, schoolId: number | null, eventAt: string | null, priority = 1) => ({
      id,
      priority,
      schoolId,
      eventAt,
    });
    const rows = [
      row(1, 1, '2026-11-26T07:00:00.000Z'), // school 1, older
      row(2, 1, '2026-11-26T08:03:00.000Z'), // school 1, fresh
      row(3, 1, '2026-11-26T08:01:00.000Z'), // school 1, fresh, older than 2
      row(4, 1, '2026-11-26T07:30:00.000Z'), // school 1, older, newer than 1
      row(5, 2, '2026-11-26T06:00:00.000Z'), // school 2, older
      row(6, 2, null), // school 2, no event time: after its dated rows
      row(7, 1, '2026-11-26T08:05:00.000Z', 0), // routine class: after every urgent row
    ];
    expect(inClaimOrder(rows, cutoff).map((r) => r.id)).toEqual([3, 5, 2, 6, 4, 1, 7]);
  });
});
