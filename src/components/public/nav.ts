/** The public site's pages: one list for the header, footer, sitemap and e2e checks. */
export interface NavLink {
  label: string;
  href: string;
}

/** Header navigation (Contact is the /inquiries page). */
export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Services', href: '/services' },
  { label: 'Systems', href: '/systems' },
  { label: 'Careers', href: '/careers' },
  { label: 'Contact', href: '/inquiries' },
];

/** Staff and learners sign in here (a console page: in the header and footer, not in the sitemap). */
export const SIGN_IN_LINK: NavLink = { label: 'Sign in', href: '/login' };

/** Indexable public pages (sitemap.xml). 404 and /forbidden are noindex and stay out. */
export const PUBLIC_PATHS: readonly string[] = NAV_LINKS.map((l) => l.href);

/** True when `href` is the page being rendered (for aria-current). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return href === path;
}
