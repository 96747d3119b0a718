import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL, siteUrl } from '../../../src/site-url';

describe('siteUrl (the public origin built into canonical and og:url)', () => {
  it("defaults to the company's address, never localhost", () => {
    expect(siteUrl({})).toBe('https://www.upgradedsolutions.ph');
    expect(DEFAULT_SITE_URL).not.toMatch(/localhost/);
  });

  it('takes SITE_URL (or the older PUBLIC_SITE_URL), without a trailing slash', () => {
    expect(siteUrl({ SITE_URL: 'https://school.example.org/' })).toBe('https://school.example.org');
    expect(siteUrl({ PUBLIC_SITE_URL: 'http://10.0.0.5:4321' })).toBe('http://10.0.0.5:4321');
    expect(siteUrl({ SITE_URL: 'https://a.example', PUBLIC_SITE_URL: 'https://b.example' })).toBe('https://a.example');
    expect(siteUrl({ SITE_URL: 'https://example.org/site/' })).toBe('https://example.org/site');
  });

  it('stops the build on an address that is not http(s)', () => {
    expect(() => siteUrl({ SITE_URL: 'example.org' })).toThrow('SITE_URL must be an absolute http(s) address');
    expect(() => siteUrl({ SITE_URL: 'javascript:alert(1)' })).toThrow('SITE_URL must be an http(s) address');
  });
});
