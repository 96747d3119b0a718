import { describe, expect, it } from 'vitest';
import { mailtoLink, replySubject } from '@kit/text/mailto';

describe('mailtoLink', () => {
  it('addresses the mail and encodes the headers', () => {
    expect(mailtoLink('ana@school.test', { subject: 'Re: Fees & dates?' })).toBe(
      'mailto:ana@school.test?subject=Re%3A%20Fees%20%26%20dates%3F',
    );
    expect(mailtoLink('ana@school.test')).toBe('mailto:ana@school.test');
  });

  it('keeps an address with ? and & from adding cc, bcc or body headers', () => {
    const url = new URL(mailtoLink('x@y.z?cc=spy@evil.test&body=hi', { subject: 'Hello' }));
    expect([...url.searchParams.entries()]).toEqual([['subject', 'Hello']]);
    expect(decodeURIComponent(url.pathname)).toBe('x@y.z?cc=spy@evil.test&body=hi');
  });
});

describe('replySubject', () => {
  it("adds 'Re: ' once", () => {
    expect(replySubject('Pricing')).toBe('Re: Pricing');
    expect(replySubject('RE: Pricing')).toBe('RE: Pricing');
  });
});
