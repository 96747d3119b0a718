#!/usr/bin/env node
/**
 * Compiles the server for production: server/main.ts (and the configuration check `npm start` runs first) into
 * plain JavaScript under build/server/, the npm packages left as imports. `npm start` runs this when the build is
 * missing or older than the sources; `npm run build:server` runs it on demand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUILD = path.join(root, 'build', 'server');
/** What the server is compiled from: its own code and the parts of src/ it imports. */
const SOURCES = ['server', 'src/domain', 'src/shared', 'tsconfig.server.json', 'package-lock.json'].map((p) =>
  path.join(root, p),
);

function newest(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

/** True when build/server is missing or older than a source file. */
export function serverBuildIsStale() {
  const built = path.join(SERVER_BUILD, 'main.mjs');
  if (!fs.existsSync(built)) return true;
  return Math.max(...SOURCES.filter((p) => fs.existsSync(p)).map(newest)) > fs.statSync(built).mtimeMs;
}

export async function buildServer() {
  fs.rmSync(SERVER_BUILD, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, 'server/main.ts'), config: path.join(root, 'server/core/config.ts') },
    outdir: SERVER_BUILD,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.server.json'),
    sourcemap: true,
    // Class names stay: the database adapter is told apart by its constructor's name.
    keepNames: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Server compiled into ${path.relative(root, SERVER_BUILD)}/`);
}
