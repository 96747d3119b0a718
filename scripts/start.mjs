#!/usr/bin/env node
/**
 * `npm start`: compile the server if its build is missing or older than its sources (build/server/, plain
 * JavaScript: no TypeScript at run time), build the site if it has not been built, then run the server (site + API
 * + /uploads on PORT, default 4321). buildApp migrates the database and creates the first super admin on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { buildServer, serverBuildIsStale, SERVER_BUILD } = await import('./build-server.mjs');
if (serverBuildIsStale()) {
  console.log('Compiling the server (build/server/)…');
  await buildServer();
}
const built = (name) => pathToFileURL(path.join(SERVER_BUILD, name)).href;

// A bad setting stops here, before anything is built or started (server/core/config.ts says what it expects).
const { checkConfigOrExit } = await import(built('config.mjs'));
checkConfigOrExit();

const staticDir = path.resolve(process.env.STATIC_DIR || 'dist');
if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
  console.log(`No built site in ${staticDir}: building it (astro build)…`);
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  const result = spawnSync(astro, ['build'], { stdio: 'inherit', env: { ...process.env, ASTRO_OUT_DIR: staticDir } });
  if (result.status !== 0) {
    console.error('The site build failed; not starting the server.');
    process.exit(result.status ?? 1);
  }
  spawnSync(process.execPath, [path.join(root, 'scripts', 'compress-dist.mjs'), staticDir], { stdio: 'inherit' });
}
process.env.STATIC_DIR = staticDir;
await import(built('main.mjs'));
