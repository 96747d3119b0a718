import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { createStudent, studentData } from '../../helpers/students';
import { createReader } from '../../helpers/rfid';
import { signedInAdmin } from '../../helpers/admins';
import { CLAIM_RECORDED, NOT_AVAILABLE, NOT_AVAILABLE_LIMIT, NOT_AVAILABLE_TOO_MANY } from '@domain/devices/device-claims';
import { STUDENT_MESSAGES } from '@domain/students';
import { READER_MESSAGES } from '@domain/rfid';
import { FACEBOOK_PAGE_MESSAGES } from '@domain/devices/facebook-pages';
import type { ImportPreview } from '@domain/students/import';

const HEADER = 'First Name,Last Name,Email,LRN,Password,Grade,Section,Parent Phone,RFID Card ID';
const PERMISSIONS = ['VIEW_STUDENTS', 'MANAGE_STUDENTS', 'ARCHIVE_STUDENTS', 'MANAGE_RFID_READERS', 'MANAGE_FACEBOOK_PAGES'];

/**
 * A school admin is never told that another school's learner, reader or page exists: such a conflict answers only
 * "not available", is counted (20 an hour per admin and per school, then 429 before anything is checked), and a
 * serial or Page ID held elsewhere becomes a claim the super admin resolves. The super admin keeps the old answers.
 */
describe(`"not available" for other schools' records (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolB: number;
  let other: { id: number; lrn: string; email: string; rfidCardId: string | null };
  let readerB: { id: number };
  let pageB: { id: number };
  const studentCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('students')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A new school with its own admin: counters are per admin and per school, so each case starts at zero. */
  const freshAdmin = async () => {
    const schoolId = (await createSchool(t.app, root)).id;
    const admin = await signedInAdmin(t.app, schoolId, PERMISSIONS);
    return { schoolId, adminId: admin.id, call: as(admin.token) };
  };
  const register = (call: ReturnType<typeof as>, data: Record<string, unknown>) =>
    call(t.app, {
      method: 'POST',
      url: '/api/admin/register-student',
      ...multipart([{ name: 'data', value: JSON.stringify(data) }]),
    });
  const preview = (call: ReturnType<typeof as>, schoolId: number, lines: string[]) =>
    call(t.app, {
      method: 'POST',
      url: '/api/admin/students/import/preview',
      ...multipart([
        { name: 'schoolId', value: String(schoolId) },
        { name: 'file', filename: 'students.csv', content: Buffer.from([HEADER, ...lines].join('\n')) },
      ]),
    });

  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    schoolB = (await createSchool(t.app, root)).id;
    other = await createStudent(t.app, root, schoolB, {
      lrn: '777000000001',
      email: 'b-learner@students.test',
      rfidCardId: 'BB00CC11',
    });
    readerB = await createReader(t.app, root, { schoolId: schoolB, kind: 'ZKTECO', serialNumber: 'B-SERIAL-0001' });
    const page = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId: '700000000001', pageName: 'School B page', accessToken: 'EAAB-b-token', schoolId: schoolB },
    });
    expect(page.statusCode).toBe(201);
    pageB = page.json().data;
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it("a school admin registering a learner with another school's LRN, email or card is told only that it is not available; nothing is written", async () => {
    const a = await freshAdmin();
    const before = await studentCount();
    const logged = (await logsOf(t.app, 'CREATE_STUDENT')).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ lrn: other.lrn }, 'lrn', NOT_AVAILABLE.lrn],
      [{ email: 'B-Learner@students.test' }, 'email', NOT_AVAILABLE.email],
      [{ rfidCardId: 'bb:00:cc:11' }, 'rfidCardId', NOT_AVAILABLE.card],
    ];
    for (const [fields, field, message] of cases) {
      const res = await register(a.call, studentData(a.schoolId, fields));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
      expect(res.body).not.toContain('already');
    }
    expect(await studentCount()).toBe(before);
    expect(await logsOf(t.app, 'CREATE_STUDENT')).toHaveLength(logged);

    // Within the admin's own school the answer may say it exists (they see their own learners).
    const mine = await createStudent(t.app, root, a.schoolId);
    const own = await register(a.call, studentData(a.schoolId, { lrn: mine.lrn }));
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(STUDENT_MESSAGES.lrnTaken);
  });

  it("editing a learner to another school's LRN, email or card answers not available and changes nothing", async () => {
    const a = await freshAdmin();
    const mine = await createStudent(t.app, root, a.schoolId, { rfidCardId: 'AA00AA01' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lrn: other.lrn }, NOT_AVAILABLE.lrn],
      [{ email: other.email }, NOT_AVAILABLE.email],
      [{ rfidCardId: 'BB00CC11' }, NOT_AVAILABLE.card],
    ];
    for (const [payload, message] of cases) {
      const res = await a.call(t.app, { method: 'PATCH', url: `/api/admin/students/${mine.id}`, payload });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const row = await t.app.db.selectFrom('students').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect([row.lrn, row.email, row.rfidCardId]).toEqual([mine.lrn, mine.email, mine.rfidCardId]);
    expect(await logsOf(t.app, 'UPDATE_STUDENT')).toHaveLength(0);
  });

  it("restoring a learner whose parked card another school's learner now holds answers not available", async () => {
    const a = await freshAdmin();
    const mine = await createStudent(t.app, root, a.schoolId, { rfidCardId: 'DD00EE11' });
    const archived = await as(root)(t.app, { method: 'POST', url: `/api/super-admin/students/${mine.id}/archive`, payload: {} });
    expect(archived.statusCode, archived.body).toBe(200);
    await createStudent(t.app, root, schoolB, { rfidCardId: 'DD00EE11' });
    const res = await a.call(t.app, { method: 'POST', url: `/api/admin/archived-students/${mine.id}/restore` });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: NOT_AVAILABLE.card, errors: { rfidCardId: NOT_AVAILABLE.card } });
    const row = await t.app.db.selectFrom('students').select('isArchived').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row.isArchived).toBe(1);
  });

  it("import preview rows say not available for another school's LRN, email and card, and already exists for the school's own", async () => {
    const a = await freshAdmin();
    const mine = await createStudent(t.app, root, a.schoolId);
    const res = await preview(a.call, a.schoolId, [
      `Ana,Santos,ana-p@students.test,${other.lrn},,,,0917 111 2222,`,
      `Ben,Reyes,${other.email},100000009002,,,,0917 111 2223,`,
      'Cy,Diaz,cy-p@students.test,100000009003,,,,0917 111 2224,BB:00:CC:11',
      `Dee,Uy,dee-p@students.test,${mine.lrn},,,,0917 111 2225,`,
      'Eve,Lim,eve-p@students.test,100000009005,,,,0917 111 2226,',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().data as ImportPreview).rows;
    expect(rows.map((r) => [r.status, r.errors])).toEqual([
      ['duplicate', { lrn: NOT_AVAILABLE.lrn }],
      ['duplicate', { email: NOT_AVAILABLE.email }],
      ['duplicate', { rfidCardId: NOT_AVAILABLE.card }],
      ['duplicate', { lrn: STUDENT_MESSAGES.lrnTaken }],
      ['valid', {}],
    ]);
  });

  it('the 21st "not available" answer within the hour is 429 and checks nothing, for the admin and their school; an hour later it answers again', async () => {
    const a = await freshAdmin();
    for (let i = 0; i < NOT_AVAILABLE_LIMIT; i += 1) {
      const res = await register(a.call, studentData(a.schoolId, { lrn: other.lrn }));
      expect(res.statusCode, `answer ${i + 1}`).toBe(409);
      expect(res.json().message).toBe(NOT_AVAILABLE.lrn);
    }
    const before = await studentCount();
    const over = await register(a.call, studentData(a.schoolId, { lrn: other.lrn }));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, message: NOT_AVAILABLE_TOO_MANY });
    // Nothing is checked past the limit: not even a free LRN is registered, and the preview is refused too.
    const free = await register(a.call, studentData(a.schoolId));
    expect(free.statusCode).toBe(429);
    expect(
      (await preview(a.call, a.schoolId, ['Ana,Santos,ana-q@students.test,100000009101,,,,0917 111 2222,'])).statusCode,
    ).toBe(429);
    expect(await studentCount()).toBe(before);
    // The school's count holds for its other admins as well.
    const colleague = as((await signedInAdmin(t.app, a.schoolId, PERMISSIONS)).token);
    expect((await register(colleague, studentData(a.schoolId))).statusCode).toBe(429);

    // The window slides on the server's clock: an hour later the admin is answered again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const later = await register(a.call, studentData(a.schoolId, { lrn: other.lrn }));
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe(NOT_AVAILABLE.lrn);
  });

  it('a preview that would pass the limit is withheld (429): one file cannot list more than the budget', async () => {
    const a = await freshAdmin();
    const lines = Array.from(
      { length: NOT_AVAILABLE_LIMIT + 1 },
      (_, i) => `N${i},Row,row${i}-x@students.test,${other.lrn},,,,0917 111 2222,`,
    );
    // One file, 21 rows naming the same taken LRN: each row's answer counts.
    const res = await preview(a.call, a.schoolId, lines);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(NOT_AVAILABLE_TOO_MANY);
    expect(res.body).not.toContain(NOT_AVAILABLE.lrn);
  });

  it('a reader serial held by another school becomes a claim; the super admin lists it and grants it (the reader moves, logged)', async () => {
    const a = await freshAdmin();
    const payload = { name: 'Gate', schoolId: a.schoolId, kind: 'ZKTECO', serialNumber: 'B-SERIAL-0001' };
    for (let i = 0; i < 2; i += 1) {
      const res = await a.call(t.app, { method: 'POST', url: '/api/admin/rfid-readers', payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: CLAIM_RECORDED.RFID_READER,
        errors: { serialNumber: CLAIM_RECORDED.RFID_READER },
      });
    }
    expect(CLAIM_RECORDED.RFID_READER.startsWith(NOT_AVAILABLE.serial)).toBe(true);
    expect(await t.app.db.selectFrom('rfidReaders').select('id').where('schoolId', '=', a.schoolId).execute()).toHaveLength(0);
    const claims = await t.app.db.selectFrom('deviceClaims').selectAll().where('schoolId', '=', a.schoolId).execute();
    expect(claims).toHaveLength(1); // a repeated attempt adds no second claim
    expect(claims[0]).toMatchObject({ kind: 'RFID_READER', value: 'B-SERIAL-0001', adminId: a.adminId, status: 'OPEN' });
    const claimLog = (await logsOf(t.app, 'CLAIM_DEVICE')).find((l) => l.entityId === String(claims[0]!.id));
    expect(claimLog).toMatchObject({ schoolId: a.schoolId, details: { kind: 'RFID_READER', value: 'B-SERIAL-0001' } });

    // A school admin has no claims list; the super admin has.
    expect((await a.call(t.app, { method: 'GET', url: '/api/admin/device-claims' })).statusCode).toBe(404);
    const list = await as(root)(t.app, { method: 'GET', url: '/api/super-admin/device-claims?status=OPEN&kind=RFID_READER' });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((c: { id: number }) => c.id === claims[0]!.id);
    expect(listed).toMatchObject({
      kind: 'RFID_READER',
      value: 'B-SERIAL-0001',
      status: 'OPEN',
      school: { id: a.schoolId },
      holder: { recordId: readerB.id, school: { id: schoolB } },
    });

    const granted = await as(root)(t.app, {
      method: 'POST',
      url: `/api/super-admin/device-claims/${claims[0]!.id}/resolve`,
      payload: { decision: 'GRANT' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ data: { status: 'GRANTED', resolvedByName: expect.any(String) } });
    const moved = await t.app.db.selectFrom('rfidReaders').selectAll().where('id', '=', readerB.id).executeTakeFirstOrThrow();
    expect([moved.schoolId, moved.isActive]).toEqual([a.schoolId, 0]);
    expect((await logsOf(t.app, 'GRANT_DEVICE_CLAIM'))[0]).toMatchObject({
      entityId: String(claims[0]!.id),
      details: { kind: 'RFID_READER', value: 'B-SERIAL-0001', recordId: readerB.id, fromSchoolId: schoolB, schoolId: a.schoolId },
    });
    // Resolved once only.
    const again = await as(root)(t.app, {
      method: 'POST',
      url: `/api/super-admin/device-claims/${claims[0]!.id}/resolve`,
      payload: { decision: 'REFUSE' },
    });
    expect(again.statusCode).toBe(409);
    // The reader is now the claimant's own: its admin sees it.
    const readers = await a.call(t.app, { method: 'GET', url: '/api/admin/rfid-readers' });
    expect(readers.json().data.map((r: { id: number }) => r.id)).toEqual([readerB.id]);
  });

  it('a Facebook Page ID held by another school becomes a claim; the super admin refuses it (the page stays, logged)', async () => {
    const a = await freshAdmin();
    const res = await a.call(t.app, {
      method: 'POST',
      url: '/api/admin/facebook-pages',
      payload: { pageId: '700000000001', pageName: 'Ours', accessToken: 'EAAB-a-token', schoolId: a.schoolId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: CLAIM_RECORDED.FACEBOOK_PAGE, errors: { pageId: CLAIM_RECORDED.FACEBOOK_PAGE } });
    expect(res.body).not.toContain('already exists');
    const claim = await t.app.db
      .selectFrom('deviceClaims')
      .selectAll()
      .where('schoolId', '=', a.schoolId)
      .executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ kind: 'FACEBOOK_PAGE', value: '700000000001', status: 'OPEN' });

    const refused = await as(root)(t.app, {
      method: 'POST',
      url: `/api/super-admin/device-claims/${claim.id}/resolve`,
      payload: { decision: 'REFUSE' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data.status).toBe('REFUSED');
    const page = await t.app.db.selectFrom('facebookPages').selectAll().where('id', '=', pageB.id).executeTakeFirstOrThrow();
    expect([page.schoolId, page.needsReauth]).toEqual([schoolB, 0]);
    expect((await logsOf(t.app, 'REFUSE_DEVICE_CLAIM'))[0]).toMatchObject({
      entityId: String(claim.id),
      details: { kind: 'FACEBOOK_PAGE', value: '700000000001', decision: 'REFUSE' },
    });
    const bad = await as(root)(t.app, {
      method: 'POST',
      url: `/api/super-admin/device-claims/${claim.id}/resolve`,
      payload: { decision: 'MAYBE' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("an admin's own school's serial keeps the old answer and makes no claim; the super admin keeps every old answer", async () => {
    const a = await freshAdmin();
    await createReader(t.app, root, { schoolId: a.schoolId, kind: 'ZKTECO', serialNumber: 'A-OWN-0001' });
    const own = await a.call(t.app, {
      method: 'POST',
      url: '/api/admin/rfid-readers',
      payload: { name: 'Gate 2', schoolId: a.schoolId, kind: 'ZKTECO', serialNumber: 'A-OWN-0001' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(READER_MESSAGES.duplicateSerial);
    expect(await t.app.db.selectFrom('deviceClaims').select('id').where('schoolId', '=', a.schoolId).execute()).toHaveLength(0);

    const su = as(root);
    const claimsBefore = (await t.app.db.selectFrom('deviceClaims').select('id').execute()).length;
    const student = await su(t.app, {
      method: 'POST',
      url: '/api/super-admin/register-student',
      ...multipart([{ name: 'data', value: JSON.stringify(studentData(a.schoolId, { lrn: other.lrn })) }]),
    });
    expect([student.statusCode, student.json().message]).toEqual([409, STUDENT_MESSAGES.lrnTaken]);
    const reader = await su(t.app, {
      method: 'POST',
      url: '/api/super-admin/rfid-readers',
      payload: { name: 'Gate 3', schoolId: a.schoolId, kind: 'ZKTECO', serialNumber: 'A-OWN-0001' },
    });
    expect([reader.statusCode, reader.json().message]).toEqual([409, READER_MESSAGES.duplicateSerial]);
    const page = await su(t.app, {
      method: 'POST',
      url: '/api/super-admin/facebook-pages',
      payload: { pageId: '700000000001', pageName: 'Again', accessToken: 'EAAB-x', schoolId: a.schoolId },
    });
    expect([page.statusCode, page.json().message]).toEqual([409, FACEBOOK_PAGE_MESSAGES.duplicate]);
    expect((await t.app.db.selectFrom('deviceClaims').select('id').execute()).length).toBe(claimsBefore);
  });
});
