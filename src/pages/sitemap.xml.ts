/** sitemap.xml of the indexable public pages, absolute URLs from `site` (astro.config: SITE_URL). */
import type { APIRoute } from 'astro';
import { PUBLIC_PATHS } from '../components/public/nav';

export const prerender = true;

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('sitemap.xml needs `site` in astro.config.mjs (SITE_URL)');
  const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${new URL(p, site).href}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
