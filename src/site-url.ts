/**
 * The public origin of the site, fixed into the pages at build (canonical link, og:url, og:image, sitemap,
 * robots.txt). `SITE_URL` names it (`PUBLIC_SITE_URL` is the older name); without either the company's own
 * address is used, so a build never advertises localhost. Anything but an http(s) origin stops the build.
 */
export const DEFAULT_SITE_URL = 'https://www.upgradedsolutions.ph';

export function siteUrl(env: Record<string, string | undefined>): string {
  const raw = (env.SITE_URL || env.PUBLIC_SITE_URL || DEFAULT_SITE_URL).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) address, e.g. ${DEFAULT_SITE_URL} (got "${raw}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must be an http(s) address (got "${raw}")`);
  }
  // The origin plus an optional base path, without a trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
