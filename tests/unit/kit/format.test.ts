import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatSchoolDateTime, formatSchoolTime, zoneSuffix } from '@kit/text/format';

// 23:30 UTC on 26 Nov 2026 is 7:30 AM on 27 Nov in Manila and 6:30 PM on 26 Nov in New York.
const CHECK_IN = '2026-11-26T23:30:00.000Z';

describe("a school's times in the school's zone", () => {
  it('reads a Manila check-in as 7:30 AM whoever looks, naming the zone when the viewer is elsewhere', () => {
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const suffix = viewer === 'Asia/Manila' ? '' : ' PHT';
    expect(formatSchoolTime(CHECK_IN, 'Asia/Manila')).toBe(`7:30 AM${suffix}`);
    expect(formatSchoolDateTime(CHECK_IN, 'Asia/Manila')).toBe(`Nov 27, 2026, 7:30 AM${suffix}`);
  });

  it('names the zone only when the viewer’s clock reads differently at that instant', () => {
    const at = new Date(CHECK_IN);
    expect(zoneSuffix(at, 'Asia/Manila', 'Asia/Manila')).toBe('');
    expect(zoneSuffix(at, 'Asia/Manila', 'Asia/Singapore')).toBe(''); // same offset, +08:00
    expect(zoneSuffix(at, 'Asia/Manila', 'America/New_York')).toBe('PHT');
    expect(zoneSuffix(at, 'America/New_York', 'Asia/Manila')).toBe('EST');
  });

  it('gives the fallback for a missing or invalid time', () => {
    expect(formatSchoolTime(null, 'Asia/Manila')).toBe('-');
    expect(formatSchoolTime('not a time', 'Asia/Manila', '—')).toBe('—');
    expect(formatDate(undefined)).toBe('-');
    expect(formatCalendarDate('2026-02-30x')).toBe('-');
  });

  it('formats a school-local calendar day without shifting it by the viewer’s zone', () => {
    expect(formatCalendarDate('2026-11-27')).toBe('Nov 27, 2026');
  });
});
