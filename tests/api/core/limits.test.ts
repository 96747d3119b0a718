import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { fixture, logsOf, uploadedFiles } from '../../helpers/schools';

/*
 * Timeouts, load, errors and caching: a body trickling in is cut off (JSON routes after
 * JSON_BODY_TIMEOUT_MS, here shortened), an overloaded process answers 503, every API reply carries
 * Cache-Control: no-store, Fastify's own request errors have the one failure shape, and TRUST_PROXY
 * believes only the hops it names.
 */

let t: TestApp;
let port: number;
const JSON_BODY_TIMEOUT_MS = 600;

beforeAll(async () => {
  t = await createTestApp({ jsonBodyTimeoutMs: JSON_BODY_TIMEOUT_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole answer to a connection whose request never became one (server/core/http/error-handler.ts), then closed. */
function connectionRefusal(status: number, reason: string, message: string) {
  const body = JSON.stringify({ success: false, message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Sends `head`, then the body one byte every `everyMs`; resolves when the server ends the connection. */
function trickle(head: string | Buffer, body: string | Buffer, everyMs: number, to = port) {
  const bytes = Buffer.from(body);
  return new Promise<{ elapsed: number; answer: string; sent: number }>((resolve) => {
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    // The body's bytes start only once the head is written: a timer started before the connection is up
    // would, on a busy machine, put body bytes ahead of the request line.
    const socket = net.connect(to, '127.0.0.1', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < bytes.length && !socket.destroyed) socket.write(bytes.subarray(sent, ++sent));
      }, everyMs);
    });
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ elapsed: Date.now() - started, answer, sent });
    });
  });
}

describe(`slow clients and load (${dbKind})`, () => {
  it('closes the connection of a JSON body sent one byte at a time once the body timeout has passed', async () => {
    const body = JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password });
    const head = `POST /api/super-admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const res = await trickle(head, body, 50);
    expect(res.elapsed).toBeGreaterThanOrEqual(JSON_BODY_TIMEOUT_MS);
    expect(res.elapsed).toBeLessThan(JSON_BODY_TIMEOUT_MS + 1500);
    expect(res.sent).toBeLessThan(body.length); // cut off before the body was complete
    expect(res.answer).toBe(''); // no sign-in happened
    expect(await logsOf(t.app, 'LOGIN')).toEqual([]);
  });

  it('stops the JSON body clock once the body has arrived: the kept-alive connection outlives the timeout', async () => {
    // A body timeout short enough to outwait here (the body comes in one write, so it cannot run out on the way).
    const QUICK_MS = 40;
    const quick = await createTestApp({ jsonBodyTimeoutMs: QUICK_MS });
    await quick.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ email: 'nobody@school.test', password: 'wrong-password' });
    const socket = net.connect((quick.app.server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const statuses = () => answer.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    const answered = async (count: number) => {
      for (let waited = 0; statuses().length < count && waited < 2000; waited += 20) await sleep(20);
    };
    socket.write(
      `POST /api/super-admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    try {
      await answered(1);
      await sleep(QUICK_MS + 40); // a clock left running would have closed the connection by now
      expect(socket.destroyed).toBe(false);
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await answered(2);
    } finally {
      socket.destroy();
      await quick.close();
    }
    expect(statuses()).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
  });

  it('lets an upload route take longer than the JSON body timeout', async () => {
    const token = await loginSuperAdmin(t.app);
    const boundary = 'slow';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nRoot\r\n--${boundary}--\r\n`;
    const head =
      `PATCH /api/super-admin/profile HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const res = await trickle(head, body, Math.ceil((JSON_BODY_TIMEOUT_MS * 1.5) / body.length));
    expect(res.sent).toBe(body.length);
    expect(res.elapsed).toBeGreaterThan(JSON_BODY_TIMEOUT_MS);
    expect(res.answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers 503 with Retry-After while the event loop is overloaded', async () => {
    const busy = await createTestApp({ maxEventLoopDelayMs: 20, pressureSampleMs: 50 });
    try {
      // A handler hogging the process, until the load sample (every 50 ms) has seen it.
      for (let tries = 0; tries < 20 && !busy.app.isUnderPressure(); tries += 1) {
        const blockUntil = Date.now() + 200;
        while (Date.now() < blockUntil);
        await new Promise((r) => setTimeout(r, 1));
      }
      expect(busy.app.isUnderPressure()).toBe(true);
      const res = await busy.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, message: 'The server is busy. Please try again in a moment.' });
    } finally {
      await busy.close();
    }
  });
});

describe(`uploads under REQUEST_TIMEOUT_MS (${dbKind})`, () => {
  // JSON bodies are cut off after JSON_BODY_TIMEOUT_MS; an upload may take up to the whole request timeout.
  const REQUEST_TIMEOUT_MS = 3000;
  let up: TestApp;
  let upPort: number;
  let token: string;
  const tempDir = () => path.join(path.dirname(up.config.uploadDir), '.incoming-uploads');
  const profilePicture = async () =>
    (await as(token)(up.app, { method: 'GET', url: '/api/super-admin/profile' })).json().data.profilePictureUrl;

  beforeAll(async () => {
    up = await createTestApp({ jsonBodyTimeoutMs: JSON_BODY_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await up.app.listen({ port: 0, host: '127.0.0.1' });
    upPort = (up.app.server.address() as AddressInfo).port;
    token = await loginSuperAdmin(up.app);
  });
  afterAll(() => up.close());

  /**
   * PATCH /profile with a new profile picture: the last `slowBytes` of the body (all of it by default) trickle
   * in evenly over `overMs`, the rest goes with the headers.
   */
  function slowPicture(overMs: number, slowBytes?: number) {
    const { payload, headers } = multipart([
      { name: 'profilePicture', filename: 'me.png', content: fixture('pixel.png'), contentType: 'image/png' },
    ]);
    const cut = payload.length - (slowBytes ?? payload.length);
    const head = Buffer.concat([
      Buffer.from(
        `PATCH /api/super-admin/profile HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
          `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      ),
      payload.subarray(0, cut),
    ]);
    const tail = payload.subarray(cut);
    return { slow: tail.length, result: trickle(head, tail, overMs / tail.length, upPort) };
  }

  it('accepts an upload that arrives slower than the JSON body limit but within the request timeout', async () => {
    const { slow, result } = slowPicture(JSON_BODY_TIMEOUT_MS * 2);
    const res = await result;
    expect(res.sent, `the server ended the upload early, answering: ${res.answer.slice(0, 200)}`).toBe(slow);
    expect(res.elapsed).toBeGreaterThan(JSON_BODY_TIMEOUT_MS);
    expect(res.elapsed).toBeLessThan(REQUEST_TIMEOUT_MS);
    const [head, body] = res.answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    const [stored] = uploadedFiles(up.config.uploadDir);
    expect(JSON.parse(body!)).toMatchObject({ success: true, message: 'Profile updated successfully' });
    expect(await profilePicture()).toBe(`/uploads/${stored}`);
    expect(uploadedFiles(tempDir())).toEqual([]);
  });

  it('cuts off an upload still arriving when the request timeout has passed, and keeps nothing of it', async () => {
    const filesBefore = uploadedFiles(up.config.uploadDir);
    const pictureBefore = await profilePicture();
    const updatesBefore = (await logsOf(up.app, 'UPDATE_PROFILE')).length;
    // The picture's bytes arrive at once; its closing boundary (so the end of the file) never does in time.
    const { slow, result } = slowPicture(REQUEST_TIMEOUT_MS * 3, 10);
    const res = await result;
    expect(res.sent).toBeLessThan(slow);
    expect(res.elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(res.elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 1500); // timeouts are checked every second
    expect(res.answer).toBe(connectionRefusal(408, 'Request Timeout', 'The request did not arrive within the time allowed'));
    // The cut request's temporary file goes once the server has handled the abort.
    for (let waited = 0; uploadedFiles(tempDir()).length > 0 && waited < 2000; waited += 50) await sleep(50);
    expect(uploadedFiles(tempDir())).toEqual([]);
    expect(uploadedFiles(up.config.uploadDir)).toEqual(filesBefore);
    expect(await profilePicture()).toBe(pictureBefore);
    expect(await logsOf(up.app, 'UPDATE_PROFILE')).toHaveLength(updatesBefore);
  });
});

describe(`errors and caching (${dbKind})`, () => {
  it('marks every API reply no-store: an authenticated list, a refusal, a public call', async () => {
    const token = await loginSuperAdmin(t.app);
    const list = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/schools' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/super-admin/schools' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe('no-store');
  });

  it('answers what is not HTTP, and headers over the limit, in the one failure shape and closes the connection', async () => {
    const garbage = await trickle('NOT HTTP AT ALL\r\n\r\n', '', 10);
    expect(garbage.answer).toBe(connectionRefusal(400, 'Bad Request', 'Malformed request'));
    const huge = await trickle(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, '', 10);
    expect(huge.answer).toBe(connectionRefusal(431, 'Request Header Fields Too Large', 'The request headers are too large'));
  });

  it("gives Fastify's own request errors the one failure shape", async () => {
    const login = (opts: { payload?: string; headers?: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/super-admin/login',
        headers: { 'content-type': 'application/json', ...opts.headers },
        payload: opts.payload,
      });
    const malformed = await login({ payload: '{"email":' });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { success: false, message: 'Malformed JSON body' }]);
    const empty = await login({});
    expect([empty.statusCode, empty.json()]).toEqual([400, { success: false, message: 'The JSON body is empty' }]);
    const mismatch = await login({ payload: '{"email":"a@b.c","password":"x"}', headers: { 'content-length': '5' } });
    expect([mismatch.statusCode, mismatch.json()]).toEqual([
      400,
      { success: false, message: 'The request body does not match its Content-Length' },
    ]);
    const huge = await login({ payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024 + 1) }) });
    expect([huge.statusCode, huge.json()]).toEqual([413, { success: false, message: 'The request body is too large' }]);
  });
});

describe(`TRUST_PROXY (${dbKind})`, () => {
  const failedLoginIp = async (app: TestApp, forwardedFor: string) => {
    await app.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@school.test', password: 'wrong-password' },
    });
    const [entry] = await logsOf(app.app, 'LOGIN_FAILED'); // newest first
    return entry!.ip;
  };

  it('believes one hop with TRUST_PROXY=1: a client cannot choose its address by adding its own X-Forwarded-For', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      // the client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw
      expect(await failedLoginIp(proxied, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });

  it('believes only the listed proxies, and nothing without TRUST_PROXY', async () => {
    const listed = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      expect(await failedLoginIp(listed, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    } finally {
      await listed.close();
    }
    expect(await failedLoginIp(t, '6.6.6.6')).toBe('10.0.0.2');
  });
});
