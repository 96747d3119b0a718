/**
 * robots.txt, generated rather than kept in public/: the Sitemap line must be an absolute URL, and the site's
 * address is only known at build (SITE_URL). The console, sign-in and admin routes stay out of crawlers;
 * those pages are also noindex in their <head>.
 */
import type { APIRoute } from 'astro';

export const prerender = true;

const DISALLOW = ['/super-admin', '/admin', '/home', '/admin-management', '/login', '/student', '/forbidden', '/api/'];

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site).href;
  const body = ['User-agent: *', 'Allow: /', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
