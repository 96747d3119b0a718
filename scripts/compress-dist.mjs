#!/usr/bin/env node
/**
 * Writes .br and .gz beside every text asset of the built site, so the server (@fastify/static with
 * preCompressed) sends compressed bytes without compressing on each request.
 * Usage: node scripts/compress-dist.mjs [dir]   (default: $ASTRO_OUT_DIR or dist)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? process.env.ASTRO_OUT_DIR ?? 'dist');
const TEXT = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest)$/;
let files = 0;
let raw = 0;
let br = 0;

function walk(d) {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (TEXT.test(entry.name)) {
      const data = fs.readFileSync(p);
      if (data.length < 512) continue; // not worth a second request path
      const b = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      fs.writeFileSync(`${p}.br`, b);
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(data, { level: 9 }));
      files += 1;
      raw += data.length;
      br += b.length;
    }
  }
}

walk(dir);
console.log(
  `compressed ${files} files in ${path.relative(process.cwd(), dir) || '.'}: ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB (brotli)`,
);
