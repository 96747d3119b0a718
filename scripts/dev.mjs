#!/usr/bin/env node
/**
 * `npm run dev`: the API (tsx watch, port 4322, restarts on change) and `astro dev` (port 4321, proxies /api,
 * /uploads and /socket.io to the API — astro.config.mjs). Ctrl-C stops both; if one dies, the other is stopped too.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const API_PORT = '4322';

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // STATIC_DIR='' → API only; astro dev serves the pages.
    env: { ...process.env, PORT: API_PORT, HOST: '127.0.0.1', STATIC_DIR: '' },
  }),
  spawn(bin('astro'), ['dev', '--port', process.env.PORT ?? '4321'], { cwd: root, stdio: 'inherit', env: process.env }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // Give them a moment to close the database and sockets, then leave regardless.
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  ).then(() => process.exit(code));
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
