import { describe, expect, it } from 'vitest';
import type { SmsAlarm } from '@domain/alarms';
import { mergeSmsAlarm } from '../../../src/features/alarms/store';

/** The banner's list as live `sms:alarm` events change it. */
const alarm = (id: number, clearedAt: string | null = null): SmsAlarm => ({
  id,
  kind: 'QUEUE_WAIT',
  school: { id: 1, name: 'Alpha High', acronym: 'AH' },
  device: null,
  message: 'Messages have waited more than 15 minutes to be sent.',
  raisedAt: '2026-11-23T23:00:00.000Z',
  clearedAt,
  noticeStatus: 'SENT',
  timeZone: 'Asia/Manila',
});

describe('mergeSmsAlarm', () => {
  it('a raised alarm comes first; one raised again (the same id) is not listed twice', () => {
    const list = mergeSmsAlarm([alarm(1)], alarm(2));
    expect(list.map((a) => a.id)).toEqual([2, 1]);
    expect(mergeSmsAlarm(list, alarm(1)).map((a) => a.id)).toEqual([1, 2]);
  });

  it('a cleared alarm leaves the list; a cleared alarm never listed changes nothing', () => {
    expect(mergeSmsAlarm([alarm(1), alarm(2)], alarm(1, '2026-11-23T23:30:00.000Z')).map((a) => a.id)).toEqual([2]);
    expect(mergeSmsAlarm([alarm(2)], alarm(3, '2026-11-23T23:30:00.000Z')).map((a) => a.id)).toEqual([2]);
  });
});
