import type { SchoolCapacity } from '@domain/devices/capacity';

/* The capacity panel's sentences, from the capacity read (pure: unit-tested). */

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** '2 phones × 10 a minute = 20 messages a minute'; '3 phones: 40 messages a minute' when their rates differ. */
export function poolText(c: Pick<SchoolCapacity, 'phones' | 'ratePerPhone' | 'messagesPerMinute'>): string {
  if (c.phones === 0) return 'No active phone: nothing can be sent';
  const total = `${count(c.messagesPerMinute, 'message')} a minute`;
  return c.ratePerPhone == null
    ? `${count(c.phones, 'phone')}: ${total}`
    : `${count(c.phones, 'phone')} × ${c.ratePerPhone} a minute = ${total}`;
}

/** A delay in seconds as people say it: '45 s', '4 min 30 s', '9 min'; '-' for none. */
export function durationText(seconds: number | null): string {
  if (seconds == null) return '-';
  if (seconds < 60) return `${seconds} s`;
  const min = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${min} min ${s} s` : `${min} min`;
}

/** The queue now: how many wait, and (given the time, in the school's zone) when the last goes. */
export function queueText(waiting: number, lastGoesAt: string | null): string {
  if (waiting === 0) return 'Nothing waiting';
  const queued = `${count(waiting, 'message')} waiting`;
  return lastGoesAt ? `${queued}: the last goes at about ${lastGoesAt}` : `${queued}, and no phone to send them`;
}
