// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import { siteUrl } from './src/site-url';

/**
 * `astro dev` only: answer console deep links (/super-admin/…, /admin/…, as the Fastify server does in production)
 * with the console shell, so the client router can pick the screen.
 */
const consoleDeepLinks = {
  name: 'console-deep-links',
  /** @param {import('vite').ViteDevServer} server */
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [pathname, query] = (req.url ?? '').split('?');
      const shell = /^\/(super-admin|admin)\/[^.]+$/.exec(pathname ?? '')?.[1];
      if (req.method === 'GET' && shell) req.url = `/${shell}/${query ? `?${query}` : ''}`;
      next();
    });
  },
};

/**
 * Browser build only: React, react-dom, its scheduler and Astro's React renderer in one chunk. Every island page
 * loads all of them anyway; as one file they gzip 1.1 KB smaller than the three or four chunks Rollup otherwise
 * makes of them (the JSX runtime rode in the button kit's chunk) — issue #20 item 8, docs/benchmarks.md.
 */
/** @type {import('astro').AstroIntegration} */
const reactChunk = {
  name: 'react-chunk',
  hooks: {
    'astro:build:setup': ({ vite, target }) => {
      if (target !== 'client') return;
      /** @param {string} id */
      const manualChunks = (id) =>
        /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/.test(id) ? 'react' : undefined;
      vite.build ??= {};
      vite.build.rollupOptions ??= {};
      const output = vite.build.rollupOptions.output;
      if (Array.isArray(output)) output.forEach((o) => (o.manualChunks = manualChunks));
      else vite.build.rollupOptions.output = { ...output, manualChunks };
    },
  },
};

// Static output: the Fastify server (server/) serves dist/ and answers /api, /socket.io, /uploads.
export default defineConfig({
  // The public origin for canonical/og:url/sitemap (README "SITE_URL").
  site: siteUrl(process.env),
  output: 'static',
  // ASTRO_OUT_DIR lets parallel work build into separate folders; the server reads STATIC_DIR.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), tailwind({ applyBaseStyles: false }), reactChunk],
  vite: {
    plugins: [consoleDeepLinks],
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:4322',
        '/uploads': 'http://127.0.0.1:4322',
        '/socket.io': { target: 'ws://127.0.0.1:4322', ws: true },
      },
    },
  },
});
