import { describe, expect, it } from 'vitest';
import { capacityAdvice, minutesAhead, waitingText } from '@domain/devices/capacity';
import { durationText, poolText, queueText } from '../../../src/features/capacity/capacity-text';

describe('capacity advice', () => {
  it('says how many phones to add, that the school has enough, or that even 50 would not do', () => {
    expect(capacityAdvice(4, 1)).toBe('Add 3 phones to keep 95% of notices within 5 minutes');
    expect(capacityAdvice(1, 0)).toBe('Add 1 phone to keep 95% of notices within 5 minutes');
    expect(capacityAdvice(2, 2)).toBe('Enough phones to keep 95% of notices within 5 minutes');
    expect(capacityAdvice(1, 3)).toBe('Enough phones to keep 95% of notices within 5 minutes');
    expect(capacityAdvice(null, 3)).toBe('More than 50 phones would be needed to keep 95% of notices within 5 minutes');
  });
});

describe('a waiting message', () => {
  it('is ahead/rate minutes away, rounded up, at least one', () => {
    expect(minutesAhead(240, 20)).toBe(12);
    expect(minutesAhead(241, 20)).toBe(13);
    expect(minutesAhead(0, 20)).toBe(1);
    expect(minutesAhead(5, 10)).toBe(1);
    expect(waitingText(240, minutesAhead(240, 20))).toBe('Waiting for a phone: 240 ahead, about 12 min');
  });
});

describe('the capacity panel sentences', () => {
  it('says phones × rate, or the total when the rates differ, or that no phone is active', () => {
    expect(poolText({ phones: 2, ratePerPhone: 10, messagesPerMinute: 20 })).toBe(
      '2 phones × 10 a minute = 20 messages a minute',
    );
    expect(poolText({ phones: 1, ratePerPhone: 1, messagesPerMinute: 1 })).toBe('1 phone × 1 a minute = 1 message a minute');
    expect(poolText({ phones: 3, ratePerPhone: null, messagesPerMinute: 40 })).toBe('3 phones: 40 messages a minute');
    expect(poolText({ phones: 0, ratePerPhone: null, messagesPerMinute: 0 })).toBe('No active phone: nothing can be sent');
  });

  it('says a delay in minutes and seconds', () => {
    expect(durationText(null)).toBe('-');
    expect(durationText(0)).toBe('0 s');
    expect(durationText(45)).toBe('45 s');
    expect(durationText(270)).toBe('4 min 30 s');
    expect(durationText(540)).toBe('9 min');
  });

  it('says the queue and when its last message goes', () => {
    expect(queueText(0, null)).toBe('Nothing waiting');
    expect(queueText(241, '6:57 AM')).toBe('241 messages waiting: the last goes at about 6:57 AM');
    expect(queueText(1, '6:45 AM')).toBe('1 message waiting: the last goes at about 6:45 AM');
    expect(queueText(1200, null)).toBe('1,200 messages waiting, and no phone to send them');
  });
});
