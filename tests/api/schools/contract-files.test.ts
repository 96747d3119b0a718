import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, fixture, logsOf, uploadedFiles } from '../../helpers/schools';

type Part = { name: string; filename: string; content: Buffer };
const file = (filename: string, content: Buffer): Part => ({ name: 'files', filename, content });
/** A real .docx (an OOXML package, tests/fixtures/contract.docx) and a legacy .doc (OLE2 header). */
const docx = () => fixture('contract.docx');
const doc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);

describe(`contract files API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const uploads = () => uploadedFiles(t.config.uploadDir);
  const upload = (id: number | string, parts: Part[]) =>
    as(token)(t.app, { method: 'POST', url: `/api/super-admin/schools/${id}/contract-files`, ...multipart(parts) });
  const list = (id: number | string) => as(token)(t.app, { method: 'GET', url: `/api/super-admin/schools/${id}/contract-files` });
  const remove = (fileId: number | string) =>
    as(token)(t.app, { method: 'DELETE', url: `/api/super-admin/contract-files/${fileId}` });
  const rowCount = async () => (await t.app.db.selectFrom('contractFiles').select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
  });
  afterAll(async () => t.close());

  it('requires a super-admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/super-admin/schools/${schoolId}/contract-files` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/super-admin/contract-files/1' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/super-admin/schools/${schoolId}/contract-files`,
      ...multipart([file('c.pdf', fixture('contract.pdf'))]),
    });
    expect(res.statusCode).toBe(401);
  });

  it('uploads several files at once (pdf, doc, docx, jpeg, png, gif) and returns the new list', async () => {
    const res = await upload(schoolId, [
      file('contract.pdf', fixture('contract.pdf')),
      file('terms.doc', doc()),
      file('annex.docx', docx()),
      file('scan.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
      file('stamp.png', fixture('pixel.png')),
      file('sig.gif', fixture('pixel.gif')),
    ]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data as Array<{
      id: number;
      fileUrl: string;
      originalName: string;
      mimeType: string;
      createdAt: string;
    }>;
    expect(data.map((f) => [f.originalName, f.mimeType])).toEqual([
      ['contract.pdf', 'application/pdf'],
      ['terms.doc', 'application/msword'],
      ['annex.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['scan.jpeg', 'image/jpeg'],
      ['stamp.png', 'image/png'],
      ['sig.gif', 'image/gif'],
    ]);
    for (const f of data) {
      expect(f.fileUrl).toMatch(/^\/uploads\/[\w-]+\.(pdf|doc|docx|jpg|png|gif)$/);
      expect(fs.existsSync(path.join(t.config.uploadDir, path.basename(f.fileUrl)))).toBe(true);
      expect(f.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect((await list(schoolId)).json().data).toEqual(data);
    const logs = await logsOf(t.app, 'UPLOAD_CONTRACT_FILE');
    expect(logs).toHaveLength(6);
    expect(logs[0].details).toMatchObject({ schoolId, originalName: 'sig.gif' });
  });

  it('is all or nothing: one file of a wrong type refuses the whole upload', async () => {
    const before = await rowCount();
    const files = uploads();
    const res = await upload(schoolId, [file('ok.pdf', fixture('contract.pdf')), file('notes.pdf', fixture('not-an-image.txt'))]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Contract file "notes.pdf" must be one of: PDF, DOC, DOCX, JPG, PNG, GIF');
    expect(await rowCount()).toBe(before);
    expect(uploads()).toEqual(files);
  });

  it('refuses a file over 10 MB with 413, saving none of the batch', async () => {
    const before = await rowCount();
    const files = uploads();
    const big = Buffer.concat([fixture('contract.pdf'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(schoolId, [file('ok.pdf', fixture('contract.pdf')), file('big.pdf', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
    expect(await rowCount()).toBe(before);
    expect(uploads()).toEqual(files);
  });

  it('asks for at least one file', async () => {
    const res = await as(token)(t.app, {
      method: 'POST',
      url: `/api/super-admin/schools/${schoolId}/contract-files`,
      ...multipart([{ name: 'data', value: '{}' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose at least one contract file');
  });

  it('deletes a file: the record and the stored file go, the log records it', async () => {
    const [first, second] = (
      await upload(schoolId, [file('a.pdf', fixture('contract.pdf')), file('b.png', fixture('pixel.png'))])
    )
      .json()
      .data.slice(-2);
    const onDisk = path.join(t.config.uploadDir, path.basename(first.fileUrl));
    expect(fs.existsSync(onDisk)).toBe(true);

    const res = await remove(first.id);
    expect(res.statusCode).toBe(200);
    const remaining = res.json().data as Array<{ id: number }>;
    expect(remaining.some((f) => f.id === first.id)).toBe(false);
    expect(remaining.some((f) => f.id === second.id)).toBe(true);
    expect(fs.existsSync(onDisk)).toBe(false);
    const [log] = await logsOf(t.app, 'DELETE_CONTRACT_FILE');
    expect(log).toMatchObject({ entity: 'ContractFile', entityId: String(first.id) });
    expect(log.details).toMatchObject({ schoolId, originalName: 'a.pdf' });

    const again = await remove(first.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Contract file not found');
  });

  it('answers unknown schools and files, and non-numeric ids, with 404', async () => {
    for (const id of ['999999', 'abc']) {
      expect((await list(id)).json()).toEqual({ success: false, message: 'School not found' });
      const res = await upload(id, [file('c.pdf', fixture('contract.pdf'))]);
      expect(res.statusCode).toBe(404);
      expect((await remove(id)).statusCode).toBe(404);
    }
  });

  it("keeps each school's files apart", async () => {
    const other = await createSchool(t.app, token);
    expect((await list(other.id)).json().data).toEqual([]);
    await upload(other.id, [file('o.pdf', fixture('contract.pdf'))]);
    const mine = (await list(schoolId)).json().data as Array<{ schoolId: number }>;
    expect(mine.every((f) => f.schoolId === schoolId)).toBe(true);
  });
});
