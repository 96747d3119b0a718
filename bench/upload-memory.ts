/*
 * npm run bench:upload-memory -- [--concurrency 20] [--mb 20] [--port 4419]
 *
 * Memory target: 20 concurrent over-limit uploads (a 20 MB profile picture where 2 MB is allowed)
 * and 20 concurrent multipart posts with a 20 MB file to the public contact form must leave the server's
 * resident memory under +100 MB. The real server (server/main.ts) runs as a child process on a fresh data
 * dir; its RSS is read from /proc every 20 ms. Bodies are generated while they are sent (the client holds
 * one 64 KB chunk), so only the server's memory is measured. A benchmark, not a test (Linux only).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from './lib';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

const USAGE = `
Usage: npm run bench:upload-memory -- [options]   (or npx tsx bench/upload-memory.ts [options])
Server memory under concurrent over-limit uploads (the real server as a child process on a fresh data dir; Linux).
  --concurrency <n>     profile-picture uploads and public-form posts at once, each (default 20)
  --mb <n>              size of each uploaded file in MB (default 20)
  --port <n>            port of the server process (default 4419)
  --help                this text
`;
const args = parseArgs(USAGE);
const concurrency = Number(args.get('concurrency') ?? 20);
const mb = Number(args.get('mb') ?? 20);
const port = Number(args.get('port') ?? 4419);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'BenchPass123';
const CHUNK = Buffer.alloc(64 * 1024, 0x41);
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Streams a multipart body with one `mb`-MB file part; resolves with the status (or 'closed'). */
function upload(url: string, field: string, headers: Record<string, string>): Promise<string> {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nbench@example.com\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + PNG_HEAD.length + mb * 16 * CHUNK.length + tail.length;
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: url.endsWith('/profile') ? 'PATCH' : 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
    });
    let done = false;
    const finish = (status: string) => {
      if (!done) resolve(status);
      done = true;
    };
    req.on('response', (res) => {
      res.resume();
      finish(String(res.statusCode));
    });
    // The server answered and closed the connection while the body was still being sent.
    req.on('error', () => finish('connection closed mid-body'));
    req.write(Buffer.concat([head, PNG_HEAD]));
    let sent = 0;
    const pump = () => {
      while (sent < mb * 16) {
        sent += 1;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  // node itself (tsx as a loader), so the child's pid is the server whose memory is read.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-site'),
      LOG_LEVEL: 'error',
      SUPER_ADMIN_EMAIL: 'bench-root@example.com',
      SUPER_ADMIN_PASSWORD: PASSWORD,
      SCRYPT_COST: '1024',
      PUBLIC_FORM_RATE_PER_MINUTE: '100000',
      LOGIN_RATE_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.pid!;
    const login = await fetch(`${base}/api/super-admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE },
      body: JSON.stringify({ email: 'bench-root@example.com', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // Warm up: one of each, then settle.
    await upload(`${base}/api/super-admin/profile`, 'profilePicture', { authorization: `Bearer ${token}` });
    await upload(`${base}/api/inquiries`, 'attachment', {});
    await new Promise((r) => setTimeout(r, 500));
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const started = Date.now();
    const statuses = await Promise.all([
      ...Array.from({ length: concurrency }, () =>
        upload(`${base}/api/super-admin/profile`, 'profilePicture', { authorization: `Bearer ${token}` }),
      ),
      ...Array.from({ length: concurrency }, () => upload(`${base}/api/inquiries`, 'attachment', {})),
    ]);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const count = (list: string[]) =>
      Object.entries(list.reduce<Record<string, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}))
        .map(([s, n]) => `${n}× ${s}`)
        .join(', ');
    const left = fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')).length : 0;
    const temp = path.join(dataDir, '.incoming-uploads');
    const leftTemp = fs.existsSync(temp) ? fs.readdirSync(temp).length : 0;
    console.log(`upload-memory: ${concurrency} over-limit uploads + ${concurrency} multipart public-form posts, ${mb} MB each`);
    console.log(`  profile uploads:   ${count(statuses.slice(0, concurrency))}`);
    console.log(`  public-form posts: ${count(statuses.slice(concurrency))}`);
    console.log(
      `  server RSS before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB: +${(peak - before).toFixed(1)} MB (target < +100 MB)`,
    );
    console.log(
      `  ${((Date.now() - started) / 1000).toFixed(1)} s; files left in uploads/: ${left}, in the temporary folder: ${leftTemp}`,
    );
    if (peak - before >= 100) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
