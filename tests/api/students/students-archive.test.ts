import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, fixture, logsOf } from '../../helpers/schools';
import { createGradeAndSection, createStudent, postStudent, studentData } from '../../helpers/students';
import type { ArchivedStudentList } from '@domain/students';

describe(`archive and restore students (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    as(token)(t.app, { method, url: `/api/super-admin${url}`, ...(payload ? { payload } : {}) });
  const row = (id: number) => t.app.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const archived = async (query = '') => {
    const res = await call('GET', `/archived-students${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ArchivedStudentList;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { name: 'Mabini School', acronym: 'MBS' })).id;
  });
  afterAll(async () => t.close());

  it('archives with a reason: gone from the lists, in the archived list with who/when/why, logged', async () => {
    const s = await createStudent(t.app, token, schoolId, { lastName: 'Archivable' });
    const res = await call('POST', `/students/${s.id}/archive`, { reason: 'Transferred to another school' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Student archived successfully',
      data: {
        id: s.id,
        archivedByName: expect.any(String),
        archiveReason: 'Transferred to another school',
        studentData: { lastName: 'Archivable', lrn: s.lrn, school: { id: schoolId, name: 'Mabini School' } },
      },
    });
    expect(Date.parse(res.json().data.archivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('GET', `/students/${s.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/students?schoolId=${schoolId}&searchTerm=Archivable`)).json().data.pagination.total).toBe(0);
    const list = await archived('?searchTerm=archivable');
    expect(list.archivedStudents.map((a) => a.id)).toEqual([s.id]);
    const [log] = await logsOf(t.app, 'ARCHIVE_STUDENT');
    expect(log).toMatchObject({ entity: 'Student', entityId: String(s.id) });
    expect(log.details).toMatchObject({ reason: 'Transferred to another school', lrn: s.lrn });
  });

  it('archive: no reason is fine; unknown is 404, already archived is 409, a too-long reason is 400', async () => {
    const s = await createStudent(t.app, token, schoolId);
    expect((await call('POST', `/students/${s.id}/archive`, { reason: 'x'.repeat(501) })).json()).toMatchObject({
      message: 'Reason must be 500 characters or less',
    });
    const ok = await call('POST', `/students/${s.id}/archive`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.archiveReason).toBeNull();
    const again = await call('POST', `/students/${s.id}/archive`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Student is already archived');
    const unknown = await call('POST', '/students/999999/archive', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Student not found');
    // An archived student cannot be edited through the active list.
    expect((await call('POST', `/students/${s.id}/archive`)).statusCode).toBe(409);
  });

  it('archive → restore brings back every field exactly (picture, card, placement, hash, timestamps)', async () => {
    const placement = await createGradeAndSection(t.app, token, schoolId);
    const data = studentData(schoolId, {
      ...placement,
      dateOfBirth: '2011-04-05',
      gender: 'FEMALE',
      address: '1 Rizal Ave',
      rfidCardId: '0A0B0C0D',
      phoneNumber: '02 8123 4567',
      parentFirstName: 'Ana',
      parentLastName: 'Reyes',
      parentEmail: 'ana@example.com',
      parentFacebookMessengerName: 'ana.reyes',
      parentAddress: '2 Mabini St',
      emergencyContact: 'Tito Ben 0918',
      notificationPreference: 'BOTH',
    });
    const created = await postStudent(t.app, token, data, { filename: 'p.gif', content: fixture('pixel.gif') });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const before = await row(id);
    const archivedRes = await call('POST', `/students/${id}/archive`, { reason: 'Leave of absence' });
    const { passwordSlip: _slip, ...registered } = created.json().data;
    expect(archivedRes.json().data.studentData).toEqual(registered);
    const whileArchived = await row(id);
    expect(whileArchived).toMatchObject({
      isArchived: 1,
      rfidCardId: null,
      archivedRfidCardId: '0A0B0C0D',
      archiveReason: 'Leave of absence',
    });
    const restored = await call('POST', `/archived-students/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ success: true, message: 'Student restored successfully' });
    expect(restored.json().data).toEqual(registered);
    expect(await row(id)).toEqual(before);
    const [log] = await logsOf(t.app, 'RESTORE_STUDENT');
    expect(log).toMatchObject({ entityId: String(id) });
    expect(log.details).toMatchObject({ archiveReason: 'Leave of absence' });
  });

  it('restore: unknown is 404, not archived (already restored) is 409', async () => {
    const s = await createStudent(t.app, token, schoolId);
    const active = await call('POST', `/archived-students/${s.id}/restore`);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('Student is not archived (already restored)');
    const unknown = await call('POST', '/archived-students/999999/restore');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Archived student not found');
  });

  it('an archived card may be given to another student; restoring the first then answers 409 and changes nothing', async () => {
    const a = await createStudent(t.app, token, schoolId, { rfidCardId: '11223344' });
    await call('POST', `/students/${a.id}/archive`, { reason: 'Graduated' });
    const b = await createStudent(t.app, token, schoolId, { rfidCardId: '11:22:33:44' });
    expect(b.rfidCardId).toBe('11223344');
    const before = await row(a.id);
    const res = await call('POST', `/archived-students/${a.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'This RFID card is already assigned to another student',
      errors: { rfidCardId: 'This RFID card is already assigned to another student' },
    });
    expect(await row(a.id)).toEqual(before);
    expect(await logsOf(t.app, 'RESTORE_STUDENT')).not.toContainEqual(expect.objectContaining({ entityId: String(a.id) }));
  });

  it("an archived student's LRN and email stay reserved (409), so a restore can never meet a reused one", async () => {
    const a = await createStudent(t.app, token, schoolId);
    await call('POST', `/students/${a.id}/archive`);
    const lrn = await postStudent(t.app, token, studentData(schoolId, { lrn: a.lrn }));
    expect(lrn.statusCode).toBe(409);
    expect(lrn.json().errors).toEqual({ lrn: 'A student with this LRN already exists' });
    const email = await postStudent(t.app, token, studentData(schoolId, { email: a.email }));
    expect(email.statusCode).toBe(409);
    expect(email.json().errors).toEqual({ email: 'A student with this email already exists' });
    const other = await createStudent(t.app, token, schoolId);
    const edit = await as(token)(t.app, {
      method: 'PATCH',
      url: `/api/super-admin/students/${other.id}`,
      payload: { lrn: a.lrn },
    });
    expect(edit.statusCode).toBe(409);
    expect((await call('POST', `/archived-students/${a.id}/restore`)).statusCode).toBe(200);
  });

  it('archived list: newest first, 20 per page, search, school, and archive days in the school time zone', async () => {
    const manila = (await createSchool(t.app, token, { acronym: 'MNL' })).id;
    const newYork = (await createSchool(t.app, token, { acronym: 'NYC' })).id;
    await t.app.db.updateTable('schools').set({ timezone: 'America/New_York' }).where('id', '=', newYork).execute();
    const at = async (school: number, archivedAt: string, lastName: string) => {
      const s = await createStudent(t.app, token, school, { lastName });
      await call('POST', `/students/${s.id}/archive`, { reason: lastName });
      await t.app.db.updateTable('students').set({ archivedAt }).where('id', '=', s.id).execute();
      return s.id;
    };
    // Manila is UTC+8: 2025-03-10 runs from 2025-03-09T16:00Z to 2025-03-10T16:00Z.
    await at(manila, '2025-03-09T15:59:59.999Z', 'TzBefore');
    const first = await at(manila, '2025-03-09T16:00:00.000Z', 'TzFirst');
    const last = await at(manila, '2025-03-10T15:59:59.999Z', 'TzLast');
    await at(manila, '2025-03-10T16:00:00.000Z', 'TzAfter');
    // New York (UTC-4 after 2025-03-09): 22:00 on the 10th there is already the 11th in Manila.
    const ny = await at(newYork, '2025-03-11T02:00:00.000Z', 'TzNewYork');
    await at(newYork, '2025-03-10T03:59:00.000Z', 'TzNewYorkBefore');

    const day = await archived('?startDate=2025-03-10&endDate=2025-03-10&searchTerm=tz');
    expect(day.archivedStudents.map((a) => a.id)).toEqual([ny, last, first]);
    expect(day.pagination).toMatchObject({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect((await archived('?startDate=2025-03-11&searchTerm=tz')).archivedStudents.map((a) => a.studentData.lastName)).toEqual([
      'TzAfter',
    ]);
    expect((await archived('?endDate=2025-03-09&searchTerm=tz')).archivedStudents.map((a) => a.studentData.lastName)).toEqual([
      'TzNewYorkBefore',
      'TzBefore',
    ]);
    expect((await archived(`?schoolId=${newYork}`)).pagination.total).toBe(2);
    expect((await archived('?searchTerm=tz&startDate=&endDate=')).pagination.total).toBe(6);

    const order = await call('GET', '/archived-students?startDate=2025-03-11&endDate=2025-03-10');
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Start date must be on or before the end date');
    const junk = await call('GET', '/archived-students?startDate=2025-02-30');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('Start date must be a valid date (YYYY-MM-DD)');
  });

  it('archived list pages by 20 and exports the filtered list as CSV', async () => {
    const school = (await createSchool(t.app, token, { acronym: 'PGS' })).id;
    for (let i = 0; i < 21; i++) {
      const s = await createStudent(t.app, token, school, { lastName: `Paged${i}` });
      await call('POST', `/students/${s.id}/archive`, { reason: i === 0 ? '=cmd()' : 'Moved' });
    }
    const p2 = await archived(`?schoolId=${school}&page=2`);
    expect(p2.archivedStudents).toHaveLength(1);
    expect(p2.pagination).toMatchObject({ total: 21, page: 2, totalPages: 2, hasPrevPage: true, hasNextPage: false });
    const csv = await call('GET', `/archived-students?schoolId=${school}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/archived-students-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Last Name,First Name,LRN,Email,School,Grade,Section,Archived By,Archived At,Reason');
    expect(lines).toHaveLength(22);
    expect(csv.body).toContain("'=cmd()");
  });

  it('bulk archive: one reason, one transaction, a log entry per student; any unknown or archived id refuses all', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createStudent(t.app, token, schoolId, { lastName: `Bulk${i}` })).id);
    const unknown = await call('POST', '/students/bulk-archive', { ids: [...ids, 999999], reason: 'End of year' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Student not found: 999999');
    expect((await row(ids[0]!)).isArchived).toBe(0);
    expect((await call('POST', '/students/bulk-archive', { ids: [] })).json()).toMatchObject({
      message: 'Select at least one student',
    });
    expect((await call('POST', '/students/bulk-archive', { ids: ['x'] })).json()).toMatchObject({
      message: 'Student ids must be positive whole numbers',
    });

    const res = await call('POST', '/students/bulk-archive', { ids, reason: 'End of year' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { ids, count: 3 }, message: '3 student(s) archived' });
    const logs = (await logsOf(t.app, 'ARCHIVE_STUDENT')).filter((l) => ids.map(String).includes(l.entityId!));
    expect(logs).toHaveLength(3);
    for (const id of ids) expect(await row(id)).toMatchObject({ isArchived: 1, archiveReason: 'End of year' });

    const fresh = await createStudent(t.app, token, schoolId);
    const again = await call('POST', '/students/bulk-archive', { ids: [fresh.id, ids[0]] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Student is already archived: Juan Bulk0');
    expect((await row(fresh.id)).isArchived).toBe(0);
  });

  it('bulk restore: all or nothing, each blocked student named; a log entry per restored student', async () => {
    const a = await createStudent(t.app, token, schoolId, { rfidCardId: 'AABBCC01', lastName: 'First' });
    await call('POST', `/students/${a.id}/archive`);
    const b = await createStudent(t.app, token, schoolId, { rfidCardId: 'AABBCC01', lastName: 'Second' });
    await call('POST', `/students/${b.id}/archive`);
    const c = await createStudent(t.app, token, schoolId, { lastName: 'Third' });
    await call('POST', `/students/${c.id}/archive`);

    const clash = await call('POST', '/archived-students/bulk-restore', { ids: [a.id, b.id, c.id] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Cannot restore Juan Second: This RFID card is already assigned to another student');
    for (const id of [a.id, b.id, c.id]) expect((await row(id)).isArchived).toBe(1);

    const active = await createStudent(t.app, token, schoolId);
    expect((await call('POST', '/archived-students/bulk-restore', { ids: [a.id, active.id] })).statusCode).toBe(409);

    const ok = await call('POST', '/archived-students/bulk-restore', { ids: [a.id, c.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { count: 2 }, message: '2 student(s) restored' });
    expect(await row(a.id)).toMatchObject({ isArchived: 0, rfidCardId: 'AABBCC01', archivedRfidCardId: null });
    const logs = (await logsOf(t.app, 'RESTORE_STUDENT')).map((l) => l.entityId);
    expect(logs).toEqual(expect.arrayContaining([String(a.id), String(c.id)]));
    expect(logs).not.toContain(String(b.id));
  });
});
