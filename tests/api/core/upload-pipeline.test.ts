import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, fixture, uploadedFiles } from '../../helpers/schools';
import { storeFile, UploadBatch } from '@core/uploads/upload-pipeline';
import { UploadStore } from '@core/uploads/uploads';

/*
 * Accept only what a route is for: JSON routes refuse other content types (415), the public
 * forms take small JSON only, and the one upload pipeline checks files by content and stops a body that
 * breaks a limit while it streams, leaving nothing in the upload folder, its temporary folder or the database.
 */

let t: TestApp;
let token: string;
let schoolId: number;
let base: string;
const tempDir = () => path.join(path.dirname(t.config.uploadDir), '.incoming-uploads');
const leftovers = () => [...uploadedFiles(t.config.uploadDir), ...uploadedFiles(tempDir())];

beforeAll(async () => {
  t = await createTestApp();
  token = await loginSuperAdmin(t.app);
  schoolId = (await createSchool(t.app, token)).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const contractUpload = (filename: string, content: Buffer) =>
  as(token)(t.app, {
    method: 'POST',
    url: `/api/super-admin/schools/${schoolId}/contract-files`,
    ...multipart([{ name: 'files', filename, content }]),
  });

describe(`content types (${dbKind})`, () => {
  it('refuses multipart on the public contact and order forms with 415, before reading it', async () => {
    for (const url of ['/api/inquiries', '/api/inquiries/orders']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        ...multipart([
          { name: 'email', value: 'parent@example.com' },
          { name: 'attachment', filename: 'big.bin', content: Buffer.alloc(1024 * 1024) },
        ]),
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json()).toEqual({ success: false, message: 'Send the request as application/json' });
    }
    expect(await t.app.db.selectFrom('inquiries').select('id').execute()).toEqual([]);
  });

  it('refuses a public form body over 16 KB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { email: 'parent@example.com', subject: 'Hi', inquiry: 'x'.repeat(17 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/too large/i) });
  });

  it('refuses text, urlencoded and multipart bodies on JSON routes with 415', async () => {
    for (const [type, payload] of [
      ['text/plain', 'name=Grade 1'],
      ['application/x-www-form-urlencoded', 'name=Grade+1'],
      ['multipart/form-data; boundary=x', '--x--\r\n'],
    ]) {
      const res = await as(token)(t.app, {
        method: 'POST',
        url: '/api/super-admin/grades',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ success: false, message: 'Send the request as application/json' });
    }
  });

  it('tells upload routes’ callers both content types they take', async () => {
    const res = await as(token)(t.app, {
      method: 'PATCH',
      url: '/api/super-admin/profile',
      headers: { 'content-type': 'text/plain' },
      payload: 'firstName=Root',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Send the request as multipart/form-data or application/json');
  });
});

describe(`upload pipeline (${dbKind})`, () => {
  it('judges a DOCX named .pdf and a PDF named .docx by their content', async () => {
    const docx = await contractUpload('scan.pdf', fixture('contract.docx'));
    expect(docx.statusCode, docx.body).toBe(201);
    const pdf = await contractUpload('terms.docx', fixture('contract.pdf'));
    expect(pdf.statusCode, pdf.body).toBe(201);
    const files = pdf.json().data as Array<{ originalName: string; mimeType: string; fileUrl: string }>;
    expect(files.map((f) => [f.originalName, f.mimeType, path.extname(f.fileUrl)])).toEqual([
      ['scan.pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.docx'],
      ['terms.docx', 'application/pdf', '.pdf'],
    ]);
  });

  it('refuses a ZIP that is not a Word document and text named .pdf, naming the field; nothing is kept', async () => {
    const before = uploadedFiles(t.config.uploadDir);
    for (const [name, content] of [
      ['fake.pdf', fixture('not-an-image.txt')],
      ['archive.docx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....word/....')])],
    ] as const) {
      const res = await contractUpload(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: `Contract file "${name}" must be one of: PDF, DOC, DOCX, JPG, PNG, GIF`,
        errors: { files: 'Allowed file types: PDF, DOC, DOCX, JPG, PNG, GIF' },
      });
    }
    expect(uploadedFiles(t.config.uploadDir)).toEqual(before);
    expect(uploadedFiles(tempDir())).toEqual([]);
  });

  it('refuses a file field the route does not take, and one file too many', async () => {
    const unexpected = await as(token)(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/schools/${schoolId}`,
      ...multipart([{ name: 'attachment', filename: 'p.png', content: fixture('pixel.png') }]),
    });
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json()).toMatchObject({ message: 'Unexpected file field "attachment"' });
    const two = await as(token)(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/schools/${schoolId}`,
      ...multipart([
        { name: 'logo', filename: 'a.png', content: fixture('pixel.png') },
        { name: 'logo', filename: 'b.png', content: fixture('pixel.png') },
      ]),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ message: 'At most 1 files: Logo', errors: { logo: 'At most 1 files: Logo' } });
    expect(leftovers().filter((f) => !f.endsWith('.pdf') && !f.endsWith('.docx'))).toEqual([]);
  });

  it('refuses a request after the file checks without keeping the file (409 duplicate acronym)', async () => {
    const before = uploadedFiles(t.config.uploadDir);
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/schools',
      ...multipart([
        { name: 'data', value: JSON.stringify({ name: 'Dup', acronym: (await createSchool(t.app, token)).acronym }) },
        { name: 'logo', filename: 'logo.png', content: fixture('pixel.png') },
      ]),
    });
    expect(res.statusCode).toBe(409);
    expect(uploadedFiles(t.config.uploadDir)).toEqual(before);
    expect(uploadedFiles(tempDir())).toEqual([]);
  });

  it('rolls back: files stored by a request that then fails are removed, replaced ones kept; success does the opposite', async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'batch-'));
    const store = new UploadStore(path.join(dir, 'uploads'));
    const received = async (batch: UploadBatch) => {
      const tempPath = await batch.tempFile();
      fs.writeFileSync(tempPath, fixture('pixel.png'));
      const file = { field: 'logo', fileName: 'logo.png', size: 70, kind: 'png' as const, tempPath };
      batch.received.push(file);
      return file;
    };
    const old = await store.adopt(
      await (async () => {
        const p = path.join(dir, 'old.part');
        fs.writeFileSync(p, fixture('pixel.png'));
        return p;
      })(),
      'png',
      70,
      'old.png',
    );

    const failed = new UploadBatch(store, path.join(dir, 'tmp'));
    await received(failed);
    await received(failed); // a second file the request never stores
    const url = await storeFile(failed, 'logo', old.url);
    expect(url).toMatch(/^\/uploads\/.+\.png$/);
    expect(uploadedFiles(path.join(dir, 'uploads'))).toHaveLength(2);
    await failed.finish(false);
    expect(uploadedFiles(path.join(dir, 'uploads'))).toEqual([path.basename(old.url)]);
    expect(uploadedFiles(path.join(dir, 'tmp'))).toEqual([]);

    const ok = new UploadBatch(store, path.join(dir, 'tmp'));
    await received(ok);
    const newUrl = await storeFile(ok, 'logo', old.url);
    await ok.finish(true);
    expect(uploadedFiles(path.join(dir, 'uploads'))).toEqual([path.basename(newUrl!)]);
  });

  it('stops an over-limit upload while it streams: 413, connection closed, nothing left anywhere', async () => {
    const before = uploadedFiles(t.config.uploadDir);
    const rowsBefore = await t.app.db.selectFrom('systemLogs').select('id').execute();
    const boundary = 'limit-test';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // Announce 50 MB, send 3 MB (over the 2 MB limit) and then nothing: only a server that stops reading
    // at the limit answers; one that waits for the whole body never does.
    const result = await new Promise<{ status: number; body: string; closed: boolean }>((resolve, reject) => {
      const req = http.request(`${base}/api/super-admin/profile`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(50 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body, closed: res.headers.connection === 'close' }));
      });
      req.on('error', reject);
      req.write(head);
      req.write(Buffer.concat([fixture('pixel.png'), Buffer.alloc(3 * 1024 * 1024)]));
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ success: false, message: 'Profile picture "huge.png" is too large (max 2 MB)' });
    expect(result.closed).toBe(true);
    expect(uploadedFiles(t.config.uploadDir)).toEqual(before);
    expect(uploadedFiles(tempDir())).toEqual([]);
    expect(await t.app.db.selectFrom('systemLogs').select('id').execute()).toHaveLength(rowsBefore.length);
  });

  it('keeps the temporary folder out of the served upload folder', () => {
    expect(tempDir().startsWith(t.config.uploadDir + path.sep)).toBe(false);
    expect(fs.existsSync(tempDir())).toBe(true);
  });
});
