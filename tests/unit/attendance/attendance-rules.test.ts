import { describe, expect, it } from 'vitest';
import { decideTap, type SchoolRules } from '../../../server/features/attendance/rules';
import { ATTLOG_MESSAGES, parseAttLog } from '../../../server/features/rfid/zkteco';
import { WindowLimit } from '@core/http/window-limit';
import { addressInNetworks, addressKey, parseNetwork } from '@shared/networks';
import { printable } from '@shared/printable';
import { addressAllowed } from '../../../server/features/rfid/readers';
import { checkTap } from '../../../server/features/rfid/taps';
import { applyLiveRecord, addLiveEvent, type AttendanceRecord, type LiveAttendanceEvent } from '@domain/attendance';
import { sectionDayState } from '@domain/section-day';
import { isCidr, TAP_MESSAGES } from '@domain/rfid';

/** Attendance rules: late cutoff, debounce, check-out window, school days, ATTLOG parsing, live list rules. */
const manila: SchoolRules = {
  timeZone: 'Asia/Manila',
  lateCutoff: '07:45',
  absenceCutoff: '10:00',
  schoolDays: [1, 2, 3, 4, 5],
  holidays: new Set(['2026-12-25']),
};
const tap = (local: string, record: Parameters<typeof decideTap>[0]['record'] = null, debounced = false, rules = manila) =>
  decideTap({ tappedAt: new Date(`${local}+08:00`).toISOString(), rules, record, debounced, checkoutMinMinutes: 30 });

describe('attendance rules of a school day', () => {
  it('the first tap is PRESENT up to 07:45:00 local and LATE after it', () => {
    expect(tap('2026-11-16T07:45:00')).toMatchObject({
      outcome: 'CHECK_IN',
      status: 'PRESENT',
      intent: 'CHECK_IN',
      date: '2026-11-16',
    });
    expect(tap('2026-11-16T07:45:01')).toMatchObject({ outcome: 'LATE', status: 'LATE', intent: 'LATE_ARRIVAL' });
    expect(tap('2026-11-16T07:46:00', null, false, { ...manila, lateCutoff: '08:00' })).toMatchObject({ status: 'PRESENT' });
  });

  it('the school day is the local date: 00:30 Manila is the next UTC-day-before', () => {
    expect(tap('2026-11-17T00:30:00').date).toBe('2026-11-17');
  });

  it('weekends and holidays change nothing', () => {
    expect(tap('2026-11-21T07:00:00')).toMatchObject({ outcome: 'NOT_SCHOOL_DAY', write: null, intent: null });
    expect(tap('2026-12-25T07:00:00')).toMatchObject({ outcome: 'NOT_SCHOOL_DAY', write: null });
    expect(tap('2026-11-21T07:00:00', null, false, { ...manila, schoolDays: [6] })).toMatchObject({ outcome: 'CHECK_IN' });
  });

  it('a no-class day of some grade levels is one for learners of those levels only', () => {
    const rules = { ...manila, partialDays: new Map([['2026-11-18', [7]]]) };
    const of = (gradeLevel: number | null) =>
      decideTap({
        tappedAt: '2026-11-17T23:05:00.000Z',
        rules,
        record: null,
        debounced: false,
        checkoutMinMinutes: 30,
        gradeLevel,
      });
    expect(of(7)).toMatchObject({ outcome: 'NOT_SCHOOL_DAY', write: null, intent: null });
    expect(of(8)).toMatchObject({ outcome: 'CHECK_IN', intent: 'CHECK_IN' });
    expect(of(null)).toMatchObject({ outcome: 'CHECK_IN' });
  });

  it('a debounced tap changes nothing', () => {
    expect(tap('2026-11-16T07:00:00', null, true)).toMatchObject({ outcome: 'DEBOUNCED', write: null, intent: null });
  });

  it('a tap at least 30 minutes after the check-in is the check-out; earlier ones change nothing', () => {
    const rec = {
      id: 1,
      status: 'PRESENT' as const,
      checkInAt: new Date('2026-11-16T07:00:00+08:00').toISOString(),
      checkOutAt: null,
    };
    expect(tap('2026-11-16T07:29:59', rec)).toMatchObject({ outcome: 'NO_CHANGE', write: null });
    expect(tap('2026-11-16T07:30:00', rec)).toMatchObject({ outcome: 'CHECK_OUT', intent: 'CHECK_OUT', status: 'PRESENT' });
    const out = { ...rec, checkOutAt: new Date('2026-11-16T16:00:00+08:00').toISOString() };
    expect(tap('2026-11-16T15:00:00', out)).toMatchObject({ outcome: 'NO_CHANGE' });
    expect(tap('2026-11-16T16:30:00', out)).toMatchObject({
      outcome: 'CHECK_OUT',
      write: { kind: 'update', set: { checkOutAt: new Date('2026-11-16T16:30:00+08:00').toISOString() } },
    });
  });

  it('an earlier tap replayed late becomes the check-in (LATE → PRESENT)', () => {
    const rec = {
      id: 1,
      status: 'LATE' as const,
      checkInAt: new Date('2026-11-16T07:50:00+08:00').toISOString(),
      checkOutAt: null,
    };
    expect(tap('2026-11-16T07:20:00', rec)).toMatchObject({ outcome: 'CHECK_IN', status: 'PRESENT', intent: 'CHECK_IN' });
  });

  it('ABSENT becomes LATE on arrival; EXCUSED stays EXCUSED', () => {
    expect(tap('2026-11-16T10:30:00', { id: 1, status: 'ABSENT', checkInAt: null, checkOutAt: null })).toMatchObject({
      status: 'LATE',
      intent: 'LATE_ARRIVAL',
    });
    expect(tap('2026-11-16T10:30:00', { id: 1, status: 'EXCUSED', checkInAt: null, checkOutAt: null })).toMatchObject({
      status: 'EXCUSED',
      intent: 'CHECK_IN',
    });
  });
});

describe('tap checks', () => {
  const now = Date.parse('2026-11-16T00:00:00Z');
  it('accepts an ISO time with a zone inside [now - 7 days, now + 5 minutes]', () => {
    expect(checkTap({ eventId: 'a', cardUid: '04:a1', tappedAt: '2026-11-16T08:04:59+08:00' }, now)).toEqual({
      ok: true,
      uid: '04A1',
      tappedAt: '2026-11-16T00:04:59.000Z',
    });
    expect(checkTap({ eventId: 'a', cardUid: '04A1', tappedAt: '2026-11-16T00:05:01Z' }, now)).toEqual({
      ok: false,
      reason: TAP_MESSAGES.future,
    });
    expect(checkTap({ eventId: 'a', cardUid: '04A1', tappedAt: '2026-11-08T23:59:59Z' }, now)).toEqual({
      ok: false,
      reason: TAP_MESSAGES.old,
    });
    expect(checkTap({ eventId: 'a', cardUid: '04A1', tappedAt: '2026-11-16 08:00' }, now)).toEqual({
      ok: false,
      reason: TAP_MESSAGES.tappedAt,
    });
    expect(checkTap({ eventId: 'a', cardUid: 'xyz', tappedAt: '2026-11-16T00:00:00Z' }, now)).toEqual({
      ok: false,
      reason: TAP_MESSAGES.cardUid,
    });
  });

  it('allowed networks: IPv4/IPv6 CIDRs, IPv4-mapped addresses, none = any', () => {
    expect(isCidr('192.168.1.0/24') && isCidr('10.0.0.7') && isCidr('fd00::/8')).toBe(true);
    expect(isCidr('10.0.0.0/33') || isCidr('300.1.1.1') || isCidr('x/8')).toBe(false);
    const nets = JSON.stringify(['192.168.1.0/24', 'fd00::/8']);
    expect(addressAllowed(nets, '192.168.1.77')).toBe(true);
    expect(addressAllowed(nets, '::ffff:192.168.1.77')).toBe(true);
    expect(addressAllowed(nets, 'fd12::1')).toBe(true);
    expect(addressAllowed(nets, '192.168.2.1')).toBe(false);
    expect(addressAllowed(null, '8.8.8.8')).toBe(true);
  });
});

describe('ZKTeco ATTLOG parsing', () => {
  it('reads PIN, local date and time, status and verify; refuses bad lines by number with their reason', () => {
    const { lines, refused } = parseAttLog(
      '1001\t2026-11-16 07:31:05\t0\t1\t0\t0\r\n\r\nbroken\n2002\t2026-11-16 16:00:00\t1\t15\n\t2026-11-16 07:00:00',
    );
    expect(lines).toEqual([
      { pin: '1001', date: '2026-11-16', time: '07:31:05', status: '0', verify: '1', line: 1 },
      { pin: '2002', date: '2026-11-16', time: '16:00:00', status: '1', verify: '15', line: 4 },
    ]);
    expect(refused.map((r) => [r.line, r.reason])).toEqual([
      [3, ATTLOG_MESSAGES.notLog],
      [5, ATTLOG_MESSAGES.notLog],
    ]);
  });

  it('never rolls an impossible date or time over', () => {
    const { lines, refused } = parseAttLog(
      ['7\t2026-11-16 08:75:00', '7\t2026-11-16 25:61:61', '7\t2026-02-29 07:00:00', '7\t2028-02-29 23:59:59'].join('\n'),
    );
    expect(lines.map((l) => `${l.date} ${l.time}`)).toEqual(['2028-02-29 23:59:59']);
    expect(refused.map((r) => [r.key, r.reason])).toEqual([
      ['7@2026-11-16T08:75:00', 'Impossible date or time "2026-11-16 08:75:00"'],
      ['7@2026-11-16T25:61:61', 'Impossible date or time "2026-11-16 25:61:61"'],
      ['7@2026-02-29T07:00:00', 'Impossible date or time "2026-02-29 07:00:00"'],
    ]);
  });
});

describe('Attendance History live rules', () => {
  const rec = (id: number, status = 'PRESENT'): AttendanceRecord =>
    ({
      id,
      studentId: id,
      status,
      date: '2026-11-16',
      checkInAt: null,
      checkOutAt: null,
      reader: null,
      card: null,
      note: null,
      student: { firstName: 'A', lastName: 'B', grade: null, section: null, school: null },
    }) as AttendanceRecord;
  const rows = Array.from({ length: 10 }, (_, i) => rec(10 - i));

  const page = (records: AttendanceRecord[], total = 15) => ({
    records,
    pagination: { total, page: 1, limit: 10, totalPages: 2, hasNextPage: true, hasPrevPage: false },
  });
  const ids = (p: { records: AttendanceRecord[] } | null) => p?.records.map((r) => r.id);

  it('inserts a new record on top of page 1 only without student or start-date filter, trimmed, total + 1', () => {
    const next = applyLiveRecord(page(rows), rec(11), { page: 1 })!;
    expect(ids(next)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(next.pagination).toMatchObject({ total: 16, totalPages: 2 });
    expect(applyLiveRecord(page(rows), rec(11), { page: 2 })).toBeNull();
    expect(applyLiveRecord(page(rows), rec(11), { page: 1, studentId: '3' })).toBeNull();
    expect(applyLiveRecord(page(rows), rec(11), { page: 1, startDate: '2026-11-01' })).toBeNull();
    expect(applyLiveRecord(page(rows), rec(11, 'LATE'), { page: 1, status: 'PRESENT' })).toBeNull();
  });

  it('the grade, section, reader and search filters hold a new record back; school and end date are checked', () => {
    const ofSchool = { ...rec(11), schoolId: 4 };
    for (const narrowed of [{ gradeId: '2' }, { sectionId: '3' }, { readerId: '5' }, { search: 'juan' }])
      expect(applyLiveRecord(page(rows), ofSchool, { page: 1, ...narrowed }), JSON.stringify(narrowed)).toBeNull();
    expect(applyLiveRecord(page(rows), ofSchool, { page: 1, schoolId: '5' })).toBeNull();
    expect(ids(applyLiveRecord(page(rows), ofSchool, { page: 1, schoolId: '4' }))?.[0]).toBe(11);
    expect(applyLiveRecord(page(rows), ofSchool, { page: 1, endDate: '2026-11-15' })).toBeNull();
    expect(ids(applyLiveRecord(page(rows), ofSchool, { page: 1, endDate: '2026-11-16' }))?.[0]).toBe(11);
  });

  it('a listed record is updated in place, never duplicated, the total unchanged', () => {
    const next = applyLiveRecord(page(rows), { ...rec(7), checkOutAt: '2026-11-16T08:00:00.000Z' }, { page: 2 })!;
    expect(next.records).toHaveLength(10);
    expect(next.pagination.total).toBe(15);
    expect(next.records.find((r) => r.id === 7)?.checkOutAt).toBe('2026-11-16T08:00:00.000Z');
  });

  it('a change of an older record that is not listed (on another page) is not a new record', () => {
    const later = rows.slice(0, 9); // ids 10…2; record 1 sits on page 2
    expect(applyLiveRecord(page(later, 10), { ...rec(1), checkOutAt: '2026-11-16T08:00:00.000Z' }, { page: 1 })).toBeNull();
  });

  it('keeps at most 20 live events, newest first, skipping duplicates', () => {
    const ev = (id: number): LiveAttendanceEvent => ({
      id,
      studentId: id,
      studentName: 'A B',
      status: 'PRESENT',
      time: `t${id}`,
      reader: 'Gate',
      record: rec(id),
    });
    let events: LiveAttendanceEvent[] = [];
    for (let i = 1; i <= 25; i++) events = addLiveEvent(events, ev(i));
    expect(events).toHaveLength(20);
    expect(events[0]!.id).toBe(25);
    expect(addLiveEvent(events, ev(25))).toBe(events);
  });
});

describe('reader intake pieces', () => {
  it('counts requests per window and answers the seconds left once over the limit', () => {
    const limit = new WindowLimit(2, 60_000);
    expect([limit.hit('a', 0), limit.hit('a', 1000), limit.hit('a', 20_500), limit.hit('b', 20_500)]).toEqual([0, 0, 40, 0]);
    expect(limit.over('a', 30_000)).toBe(30);
    expect(limit.hit('a', 60_000)).toBe(0);
  });

  it('limits IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::9'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
  });

  it('matches allowed networks with one parser: a malformed entry matches nothing and never throws', () => {
    expect(parseNetwork('fd00:::1/64')).toBeNull();
    expect(parseNetwork('fe80::1%eth0')).toBeNull();
    expect(parseNetwork('127.1')).toBeNull();
    expect(addressInNetworks(['fd00:::1/64', '10.0.0.0/8'], '10.1.2.3')).toBe(true);
    expect(addressInNetworks(['fd00:::1/64'], 'fd00::1')).toBe(false);
    expect(addressInNetworks(['::ffff:10.0.0.0/104'], '10.9.9.9')).toBe(true);
  });

  it('makes device text printable: control and direction characters escaped, shortened', () => {
    expect(printable('a\u0000b\u202Ec\td', 100)).toBe('a\\u0000b\\u202ec\\u0009d');
    expect(printable('x'.repeat(10), 4)).toBe('xxxx...');
  });
});

describe("a section's day", () => {
  it('reads a learner in, missing, left or excused from the day record', () => {
    const r = (status: string, checkInAt: string | null = null, checkOutAt: string | null = null) => ({
      status,
      checkInAt,
      checkOutAt,
    });
    expect(sectionDayState(null)).toBe('MISSING');
    expect(sectionDayState(r('ABSENT'))).toBe('MISSING');
    expect(sectionDayState(r('PRESENT', '2026-11-16T23:30:00Z'))).toBe('IN');
    expect(sectionDayState(r('LATE', '2026-11-17T00:30:00Z'))).toBe('IN');
    // Corrected to PRESENT without a tap: present all the same.
    expect(sectionDayState(r('PRESENT'))).toBe('IN');
    expect(sectionDayState(r('PRESENT', '2026-11-16T23:30:00Z', '2026-11-17T07:00:00Z'))).toBe('LEFT');
    expect(sectionDayState(r('EXCUSED'))).toBe('EXCUSED');
    // Excused, and came after all.
    expect(sectionDayState(r('EXCUSED', '2026-11-17T02:00:00Z'))).toBe('IN');
  });
});
