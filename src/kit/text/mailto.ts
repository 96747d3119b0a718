/**
 * A mailto: link whose parts are all encoded. Addresses come from the public (an order's or inquiry's
 * email); 'a@b.c?cc=x@y.z' passes the spec's email pattern, so the address is encoded too — otherwise
 * its '?' and '&' would add headers (cc, bcc, body) to the mail the super admin sends.
 */
export function mailtoLink(address: string, headers: { subject?: string; body?: string } = {}): string {
  const at = address.indexOf('@');
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  const query = Object.entries(headers)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  return `mailto:${to}${query ? `?${query}` : ''}`;
}

/** 'Re: {subject}' once, not 'Re: Re: …'. */
export const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`);
