import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@core/config';
import { SMS_TYPES } from '@domain/sms-history';
import {
  EXPIRY_REASONS,
  expiresAt,
  expiryReasonOf,
  inClaimOrder,
  PRIORITY,
  priorityOf,
  rowExpiryReason,
} from '../../../server/features/outbox/urgency';
import { renderArrivalAndDeparture, renderMessage } from '../../../server/features/outbox/templates';

/** When capacity is short: which notices go first, which stop being worth sending, and the fold's one message. */
describe('outbox order when capacity is short', () => {
  const rule = { attendanceExpiryHours: null, noticeMaxDelayMinutes: 30 };

  it('absence, late, correction and staff messages are urgent; arrivals and departures routine', () => {
    const classes = Object.fromEntries(SMS_TYPES.map((t) => [t, priorityOf(t)]));
    expect(classes).toEqual({
      CHECK_IN: PRIORITY.routine,
      CHECK_OUT: PRIORITY.routine,
      ABSENCE: PRIORITY.urgent,
      LATE_ARRIVAL: PRIORITY.urgent,
      CORRECTION: PRIORITY.urgent,
      CUSTOM: PRIORITY.urgent,
    });
    expect(PRIORITY.urgent).toBeGreaterThan(PRIORITY.routine);
  });

  it('an absence goes before a check-in that is older, and before a fresher one; schools still take turns', () => {
    const cutoff = '2026-11-26T07:00:00.000Z';
    const row = (id: number, schoolId: number, eventAt: string, type: (typeof SMS_TYPES)[number]) => ({
      id,
      schoolId,
      eventAt,
      priority: priorityOf(type),
    });
    const rows = [
      row(1, 1, '2026-11-26T06:40:00.000Z', 'CHECK_IN'), // older check-in, queued first
      row(2, 1, '2026-11-26T07:02:00.000Z', 'CHECK_IN'), // fresh check-in
      row(3, 1, '2026-11-26T06:50:00.000Z', 'ABSENCE'),
      row(4, 2, '2026-11-26T07:01:00.000Z', 'CUSTOM'),
      row(5, 2, '2026-11-26T07:03:00.000Z', 'CHECK_OUT'),
      row(6, 1, '2026-11-26T07:04:00.000Z', 'LATE_ARRIVAL'),
    ];
    // Urgent first, one row per school in turn (within a turn the fresh window's oldest first): school 2's message
    // and school 1's late arrival, then school 1's older absence; then routine: school 1's fresh check-in and school
    // 2's check-out, then school 1's older check-in.
    expect(inClaimOrder(rows, cutoff).map((r) => r.id)).toEqual([4, 6, 3, 2, 5, 1]);
  });

  it('an arrival or departure notice expires ATTENDANCE_NOTICE_MAX_DELAY minutes after the tap; other notices by the day', () => {
    const tap = '2026-11-26T23:02:00.000Z'; // 07:02 Manila, Nov 27
    expect(expiresAt('CHECK_IN', tap, 'Asia/Manila', rule)).toBe('2026-11-26T23:32:00.000Z');
    expect(expiresAt('CHECK_OUT', tap, 'Asia/Manila', { ...rule, noticeMaxDelayMinutes: 1 })).toBe('2026-11-26T23:03:00.000Z');
    // Absence, late arrival and correction keep the end of the school day (Nov 28 00:00 Manila); CUSTOM never expires.
    for (const type of ['ABSENCE', 'LATE_ARRIVAL', 'CORRECTION'] as const)
      expect(expiresAt(type, tap, 'Asia/Manila', rule)).toBe('2026-11-27T16:00:00.000Z');
    expect(expiresAt('CUSTOM', tap, 'Asia/Manila', rule)).toBeNull();
    // A tap at 23:50 Manila: the end of its day comes first, and names the reason.
    const lateTap = '2026-11-27T15:50:00.000Z';
    expect(expiresAt('CHECK_OUT', lateTap, 'Asia/Manila', rule)).toBe('2026-11-27T16:00:00.000Z');
    expect(expiryReasonOf('CHECK_OUT', lateTap, '2026-11-27T16:00:00.000Z', rule)).toBe(EXPIRY_REASONS.endOfDay);
    // With OUTBOX_ATTENDANCE_EXPIRY in hours, the sooner of both again.
    expect(expiresAt('CHECK_IN', tap, 'Asia/Manila', { attendanceExpiryHours: 2, noticeMaxDelayMinutes: 180 })).toBe(
      '2026-11-27T01:02:00.000Z',
    );
  });

  it('the reason names the rule that set the deadline', () => {
    const tap = '2026-11-26T23:02:00.000Z';
    const deadline = expiresAt('CHECK_IN', tap, 'Asia/Manila', rule);
    expect(expiryReasonOf('CHECK_IN', tap, deadline, rule)).toBe(
      'Expired: not sent within 30 minutes of the tap, and an arrival or departure notice is never sent late',
    );
    expect(EXPIRY_REASONS.delay(1)).toBe(
      'Expired: not sent within 1 minute of the tap, and an arrival or departure notice is never sent late',
    );
    // A deadline set under another ATTENDANCE_NOTICE_MAX_DELAY (a restart in between) is named by the day rule.
    expect(expiryReasonOf('CHECK_IN', tap, deadline, { ...rule, noticeMaxDelayMinutes: 45 })).toBe(EXPIRY_REASONS.endOfDay);
    const absence = expiresAt('ABSENCE', tap, 'Asia/Manila', { attendanceExpiryHours: 1, noticeMaxDelayMinutes: 60 });
    expect(expiryReasonOf('ABSENCE', tap, absence, { attendanceExpiryHours: 1, noticeMaxDelayMinutes: 60 })).toBe(
      EXPIRY_REASONS.hours(1),
    );
    // An outbox row: the type from its payload; a payload that does not say falls back to the day rule.
    const payload = JSON.stringify({ type: 'CHECK_IN', schoolId: 1, text: 'x', preference: 'SMS_ONLY', intentKey: 'k' });
    expect(rowExpiryReason({ payload, eventAt: tap, expiresAt: deadline }, rule)).toBe(EXPIRY_REASONS.delay(30));
    expect(rowExpiryReason({ payload: 'not json', eventAt: tap, expiresAt: deadline }, rule)).toBe(EXPIRY_REASONS.endOfDay);
  });

  it("the fold's message: both times and the date, in one SMS part whatever the name's length", () => {
    const ctx = {
      firstName: 'Juan',
      lastName: 'Dela Cruz',
      schoolAcronym: 'SJHS',
      occurredAt: '2026-11-27T23:02:00.000Z',
      timeZone: 'Asia/Manila',
    };
    const text = renderArrivalAndDeparture(ctx, '2026-11-28T08:10:00.000Z');
    expect(text.replace(/\u202f/g, ' ')).toBe('SJHS: Juan Dela Cruz arrived at school at 7:02 AM and left at 4:10 PM, Nov 28.');
    const long = {
      ...ctx,
      firstName: 'Maria Clarissa Esperanza Josefina',
      lastName: 'Villanueva-Dela Cruz y Santiago Bautista de los Reyes Macapagal',
    };
    const folded = renderArrivalAndDeparture(long, '2026-11-28T08:10:00.000Z');
    expect(folded.length).toBeLessThanOrEqual(160);
    expect(folded).toMatch(
      /^SJHS: Maria Clarissa Esperanza Josefina V\. arrived at school at 7:02.AM and left at 4:10.PM, Nov 28\.$/,
    );
    // The single notices keep their texts.
    expect(renderMessage('CHECK_OUT', { ...ctx, occurredAt: '2026-11-28T08:10:00.000Z' }).replace(/\u202f/g, ' ')).toBe(
      'SJHS: Juan Dela Cruz left school at 4:10 PM, Nov 28.',
    );
  });

  it('ATTENDANCE_NOTICE_MAX_DELAY: whole minutes from 1, default 30; a bad value stops the start with one line', () => {
    expect(loadConfig({}).outbox.noticeMaxDelayMinutes).toBe(30);
    expect(loadConfig({ ATTENDANCE_NOTICE_MAX_DELAY: '1' }).outbox.noticeMaxDelayMinutes).toBe(1);
    expect(loadConfig({ ATTENDANCE_NOTICE_MAX_DELAY: ' 45 ' }).outbox.noticeMaxDelayMinutes).toBe(45);
    expect(loadConfig({ ATTENDANCE_NOTICE_MAX_DELAY: '' }).outbox.noticeMaxDelayMinutes).toBe(30);
    for (const bad of ['0', '-5', '2.5', 'thirty', '10081']) {
      expect(() => loadConfig({ ATTENDANCE_NOTICE_MAX_DELAY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ATTENDANCE_NOTICE_MAX_DELAY: bad })).toThrow(
        `Invalid ATTENDANCE_NOTICE_MAX_DELAY=${JSON.stringify(bad)}: expected a whole number from 1 to 10080`,
      );
    }
  });
});
