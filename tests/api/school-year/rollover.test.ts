import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { logsOf } from '../../helpers/schools';
import { testClock } from '../../helpers/clock';
import { insertCheckIns } from '../../helpers/attendance';
import { nowIso } from '@core/time/time';
import { ROLLOVER_MESSAGES as M, type RolloverChoices, type RolloverPlan } from '@domain/school-year';
import { seedYearEnd, tablesOf } from './seed';

/*
 * The school year's rollover on a school at the end of SY 2026–2027 (see ./seed.ts): the wizard's defaults, the
 * preview's counts, bad plans refused with nothing written, the commit's changes, the closed year's forms read
 * the same after it, and undo restoring every row it changed.
 */
describe(`School year rollover (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const clock = testClock('2027-05-20T03:00:00.000Z');
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, tok = token) =>
    as(tok)(t.app, { method, url, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
  const base = (schoolId: number) => `/api/super-admin/schools/${schoolId}/school-year`;
  const year = { start: '2027-06-07', end: '2028-03-31' };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => t.close());

  /** The wizard's default plan, with some learners retained. */
  async function planFor(schoolId: number, retained: number[] = []): Promise<RolloverPlan> {
    const choices = (await call('GET', `${base(schoolId)}/rollover`)).json().data as RolloverChoices;
    return { year, sections: choices.sections.map((s) => s.plan), retainedIds: retained };
  }

  it('offers each class its default: completers complete, the others go to the next grade’s section of their name (made if missing)', async () => {
    const s = await seedYearEnd(t.app, token);
    const res = await call('GET', `${base(s.schoolId)}/rollover`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as RolloverChoices;
    expect(data.current).toEqual({ start: '2026-06-08', end: '2027-03-31' });
    expect(data.suggested).toEqual({ start: '2027-06-07', end: '2028-03-31' });
    expect(data.last).toBeNull();
    expect(data.sections.map((x) => [x.label, x.plan.action, x.plan.targetSectionId, x.newSectionLabel])).toEqual([
      ['Grade 6 · Sampaguita', 'COMPLETE', null, 'Grade 7 · Sampaguita'],
      ['Grade 7 · Rizal', 'PROMOTE', null, 'Grade 8 · Rizal'],
      ['Grade 8 · Mabini', 'PROMOTE', s.mabini9.sectionId, 'Grade 9 · Mabini'],
    ]);
    // Archived learners are not offered; a learner who left is, marked so.
    expect(data.sections[1]!.learners.map((l) => [l.name, l.left])).toEqual([
      ['Roll, Cara', false],
      ['Roll, Dan', true],
      ['Roll, Eli', false],
    ]);
  });

  it('previews every class’s change with its counts and writes nothing', async () => {
    const s = await seedYearEnd(t.app, token);
    const before = await tablesOf(t.app);
    const res = await call('POST', `${base(s.schoolId)}/rollover/preview`, await planFor(s.schoolId, [s.ids.Ben!, s.ids.Eli!]));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.moves).toEqual([
      {
        sectionId: s.sampaguita.sectionId,
        from: 'Grade 6 · Sampaguita',
        to: 'Completed: archived as graduated',
        newSection: false,
        moving: 1,
        retained: 1,
        left: 0,
      },
      {
        sectionId: s.rizal.sectionId,
        from: 'Grade 7 · Rizal',
        to: 'Grade 8 · Rizal',
        newSection: true,
        moving: 1,
        retained: 1,
        left: 1,
      },
      {
        sectionId: s.mabini.sectionId,
        from: 'Grade 8 · Mabini',
        to: 'Grade 9 · Mabini',
        newSection: false,
        moving: 2,
        retained: 0,
        left: 0,
      },
    ]);
    expect(preview.totals).toMatchObject({
      learners: 7,
      promoted: 3,
      retained: 2,
      completed: 1,
      leftArchived: 1,
      newSections: 1,
    });
    expect(preview.totals.holidays).toBeGreaterThan(10);
    expect(await tablesOf(t.app)).toEqual(before);
  });

  it('refuses a plan that does not hold, with the reason, and writes nothing', async () => {
    const s = await seedYearEnd(t.app, token);
    const other = await seedYearEnd(t.app, token);
    const plan = await planFor(s.schoolId);
    const before = await tablesOf(t.app);
    const refused = async (body: unknown, message: string) => {
      const res = await call('POST', `${base(s.schoolId)}/rollover`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refused({ ...plan, year: { start: '2027-03-31', end: '2028-03-31' } }, M.startAfter('2027-03-31'));
    await refused({ ...plan, sections: plan.sections.slice(0, 1) }, M.sectionMissing('Grade 7 · Rizal'));
    await refused({ ...plan, retainedIds: [other.ids.Cara] }, M.retained);
    await refused({ ...plan, retainedIds: [s.ids.Dan] }, M.retained);
    await refused(
      { ...plan, sections: plan.sections.map((p) => ({ ...p, action: 'PROMOTE', targetSectionId: p.sectionId })) },
      M.sameGrade('Grade 6 · Sampaguita'),
    );
    await refused({ ...plan, sections: plan.sections.map((p) => ({ ...p, targetSectionId: other.rizal.sectionId })) }, M.section);
    expect(await tablesOf(t.app)).toEqual(before);
  });

  it('is a permission of its own, in the admin’s own school', async () => {
    const s = await seedYearEnd(t.app, token);
    const other = await seedYearEnd(t.app, token);
    const settings = await signedInAdmin(t.app, s.schoolId, ['MANAGE_SCHOOL_SETTINGS', 'MANAGE_STUDENTS', 'VIEW_REPORTS']);
    const denied = await call('GET', `/api/admin/schools/${s.schoolId}/school-year/rollover`, undefined, settings.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to roll the school year over');
    const registrar = await signedInAdmin(t.app, s.schoolId, ['ROLL_OVER_SCHOOL_YEAR']);
    const own = await call('GET', `/api/admin/schools/${s.schoolId}/school-year/rollover`, undefined, registrar.token);
    expect(own.statusCode, own.body).toBe(200);
    const elsewhere = await call(
      'POST',
      `/api/admin/schools/${other.schoolId}/school-year/rollover`,
      await planFor(other.schoolId),
      registrar.token,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('School not found');
  });

  it('commits in one go: classes up, retained stay, completers and leavers archived, the new year set; the closed year’s forms read the same', async () => {
    const s = await seedYearEnd(t.app, token);
    await insertCheckIns(t.app.db, s.schoolId, s.ids.Cara!, ['2026-11-09', '2026-11-10', '2026-11-11']);
    const sf2 = `/api/super-admin/schools/${s.schoolId}/sections/${s.rizal.sectionId}/sf2?month=2026-11`;
    const sf4 = `/api/super-admin/schools/${s.schoolId}/sf4?month=2027-01`;
    const sf2Before = (await call('GET', sf2)).json().data;
    const sf4Before = (await call('GET', sf4)).json().data;
    const sf1 = `/api/super-admin/schools/${s.schoolId}/sections/${s.rizal.sectionId}/sf1`;
    const sf1Before = (await call('GET', sf1)).json().data;
    expect(sf1Before.header.schoolYear).toBe('2026-2027');
    const named = sf2Before.groups.flatMap((g: { learners: { name: string; remarks: string }[] }) => g.learners);
    expect(named.map((l: { name: string; remarks: string }) => [l.name, l.remarks])).toEqual([
      ['ROLL, Dan', 'T/O to Mabini ES Nov 10, 2026'],
      ['ROLL, Eli', ''],
      ['ROLL, Cara', ''],
      ['ROLL, Fe', ''],
    ]);
    expect(sf4Before.rows.length).toBe(4);

    // Ana is signed in to the portal: completing ends her session; Cara's, who goes up a grade, stays.
    const session = async (studentId: number) => {
      const at = nowIso();
      const later = new Date(Date.now() + 3_600_000).toISOString();
      return (
        await t.app.db
          .insertInto('sessions')
          .values({
            tokenHash: `h-${studentId}-${at}`,
            role: 'STUDENT',
            userId: studentId,
            createdAt: at,
            expiresAt: later,
            lastSeenAt: at,
            idleExpiresAt: later,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const anaSession = await session(s.ids.Ana!);
    const caraSession = await session(s.ids.Cara!);

    const res = await call('POST', `${base(s.schoolId)}/rollover`, await planFor(s.schoolId, [s.ids.Eli!]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Rolled over to SY 2027–2028: 4 learners moved');
    const revoked = async (id: number) =>
      (await t.app.db.selectFrom('sessions').select('revokedAt').where('id', '=', id).executeTakeFirstOrThrow()).revokedAt;
    expect(await revoked(anaSession)).not.toBeNull();
    expect(await revoked(caraSession)).toBeNull();
    const { rollover } = res.json().data;
    expect(rollover).toMatchObject({ from: { start: '2026-06-08', end: '2027-03-31' }, to: year, canUndo: true, undoneAt: null });

    const row = (name: string) =>
      t.app.db.selectFrom('students').selectAll().where('id', '=', s.ids[name]!).executeTakeFirstOrThrow();
    const rizal8 = await t.app.db
      .selectFrom('sections')
      .selectAll()
      .where('gradeId', '=', s.mabini.gradeId)
      .where('name', '=', 'Rizal')
      .executeTakeFirstOrThrow();
    expect(rizal8.adviserName).toBeNull();
    expect(await row('Cara')).toMatchObject({
      sectionId: rizal8.id,
      gradeId: s.mabini.gradeId,
      enrolmentDate: year.start,
      isArchived: 0,
    });
    expect(await row('Eli')).toMatchObject({ sectionId: s.rizal.sectionId, enrolmentDate: year.start });
    expect(await row('Hana')).toMatchObject({ sectionId: s.mabini9.sectionId, transferInFrom: null, enrolmentDate: year.start });
    expect(await row('Ben')).toMatchObject({
      isArchived: 1,
      archiveReason: 'Graduated: completed Grade 6 in SY 2026–2027',
      sectionId: s.sampaguita.sectionId,
    });
    expect(await row('Ana')).toMatchObject({ isArchived: 1, rfidCardId: null, archivedRfidCardId: `AA${s.schoolId}01` });
    expect(await row('Dan')).toMatchObject({ isArchived: 1, archiveReason: 'Left during SY 2026–2027 (Transferred out)' });
    const school = await t.app.db.selectFrom('schools').selectAll().where('id', '=', s.schoolId).executeTakeFirstOrThrow();
    expect([school.schoolYearStart, school.schoolYearEnd]).toEqual([year.start, year.end]);
    const [log] = await logsOf(t.app, 'ROLL_OVER_SCHOOL_YEAR');
    expect(log!.details).toMatchObject({ rolloverId: rollover.id, promoted: 3, retained: 1, completed: 2, leftArchived: 1 });

    // The closed year's forms: the same learners, remarks and figures as before the rollover.
    expect((await call('GET', sf2)).json().data).toEqual(sf2Before);
    expect((await call('GET', sf4)).json().data).toEqual(sf4Before);
    expect((await call('GET', `${sf1}?schoolYear=2026-2027`)).json().data).toEqual(sf1Before);
    // The new year's register of the same section: the retained learner alone.
    const sf1Now = (await call('GET', sf1)).json().data;
    expect(sf1Now.header.schoolYear).toBe('2027-2028');
    expect(sf1Now.groups.flatMap((g: { learners: { name: string }[] }) => g.learners.map((l) => l.name))).toEqual(['ROLL, Eli']);
    const noYear = await call('GET', `${sf1}?schoolYear=2020-2021`);
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().message).toBe('This school has no closed school year 2020-2021: only a year rolled over can be chosen');
  });

  it('undo restores every row it changed, exactly; refused when a freed card was given away, after 7 days, or twice', async () => {
    const s = await seedYearEnd(t.app, token);
    const before = await tablesOf(t.app);
    const res = await call('POST', `${base(s.schoolId)}/rollover`, await planFor(s.schoolId, [s.ids.Ben!]));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.rollover.id as number;
    const undo = () => call('POST', `${base(s.schoolId)}/rollovers/${id}/undo`);

    // Ana's card went to a new learner: undo would take it back from them.
    await t.app.db
      .updateTable('students')
      .set({ rfidCardId: `AA${s.schoolId}01` })
      .where('id', '=', s.ids.Cara!)
      .execute();
    const after = await tablesOf(t.app);
    const taken = await undo();
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toBe(M.cardTaken('Cara Roll'));
    expect(await tablesOf(t.app)).toEqual(after);
    await t.app.db.updateTable('students').set({ rfidCardId: null }).where('id', '=', s.ids.Cara!).execute();

    const ok = await undo();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Rollover undone: back to SY 2026–2027');
    expect(ok.json().data).toMatchObject({ canUndo: false });
    expect(await tablesOf(t.app)).toEqual(before);
    expect((await logsOf(t.app, 'UNDO_SCHOOL_YEAR_ROLLOVER'))[0]!.details).toMatchObject({ rolloverId: id, learners: 7 });

    const again = await undo();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.undone);

    // A new rollover, its 7 days passed.
    const next = await call('POST', `${base(s.schoolId)}/rollover`, await planFor(s.schoolId));
    const nextId = next.json().data.rollover.id as number;
    await t.app.db
      .updateTable('schoolYearRollovers')
      .set({ undoUntil: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', nextId)
      .execute();
    const late = await call('POST', `${base(s.schoolId)}/rollovers/${nextId}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.expired('2020-01-01'));
  });
});
