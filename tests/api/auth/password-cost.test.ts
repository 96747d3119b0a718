import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { hashCost, hashPassword, verifyPassword } from '@core/auth/passwords';
import type { ImportEvent, ImportSummary } from '@domain/students/import';

/*
 * Every password check costs the same whatever the account: imported learners' generated passwords are hashed at
 * the configured cost (as the dummy hash of an unknown account is), and a hash at another cost is made again at
 * the next good sign-in. The production cost is used so a cheaper hash would show in the timings.
 */
const COST = 16384;
const HEADER = 'First Name,Last Name,Email,LRN,Password,Grade,Section,Parent Phone,RFID Card ID';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe(`password checks cost the same for every account (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let generated: { lrn: string; email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp({
      scryptCost: COST,
      // Many tries from one test address: the sign-in limits are tested elsewhere.
      rateLimits: { loginPerMinute: 10_000, loginPerEmailPer15Min: 10_000, publicFormsPerMinute: 10_000 },
    });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/students/import/commit',
      ...multipart([
        { name: 'schoolId', value: String(schoolId) },
        {
          name: 'file',
          filename: 'students.csv',
          content: Buffer.from(`${HEADER}\r\nAna,Santos,ana@cost.test,300000000001,,,,09171112222,\r\n`),
        },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as ImportEvent;
    const summary = (last as { summary: ImportSummary }).summary;
    generated = { lrn: '300000000001', email: 'ana@cost.test', password: summary.rows[0]!.password! };
  });
  afterAll(async () => t.close());

  const stored = async (lrn: string) =>
    (await t.app.db.selectFrom('students').select('passwordHash').where('lrn', '=', lrn).executeTakeFirstOrThrow()).passwordHash;
  const signIn = (identifier: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/student/login', payload: { email: identifier, password } });

  it("an imported learner's generated password is stored at the configured cost", async () => {
    const hash = await stored(generated.lrn);
    expect(hashCost(hash)).toBe(COST);
    expect(await verifyPassword(generated.password, hash)).toBe(true);
  });

  it('a wrong password for a real learner takes as long as one for an unknown LRN or email (medians, interleaved)', async () => {
    const real: number[] = [];
    const unknown: number[] = [];
    const time = async (identifier: string) => {
      const start = process.hrtime.bigint();
      const res = await signIn(identifier, 'Wrong-password-1');
      expect(res.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    for (let i = 0; i < 24; i++) {
      const byEmail = i % 2 === 0;
      real.push(await time(byEmail ? generated.email : generated.lrn));
      unknown.push(await time(byEmail ? `nobody${i}@cost.test` : String(399999999000 + i)));
    }
    const ratio = median(unknown) / median(real);
    expect(ratio, `median unknown ${median(unknown).toFixed(1)} ms, real ${median(real).toFixed(1)} ms`).toBeLessThan(1.5);
    expect(ratio).toBeGreaterThan(1 / 1.5);
  });

  it('a hash at another cost is made again at the configured cost at the next good sign-in', async () => {
    const old = await hashPassword(generated.password, 1024);
    await t.app.db.updateTable('students').set({ passwordHash: old }).where('lrn', '=', generated.lrn).execute();
    const wrong = await signIn(generated.lrn, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(await stored(generated.lrn)).toBe(old);
    const res = await signIn(generated.lrn, generated.password);
    expect(res.statusCode).toBe(200);
    const upgraded = await stored(generated.lrn);
    expect(hashCost(upgraded)).toBe(COST);
    expect(await verifyPassword(generated.password, upgraded)).toBe(true);
  });

  it("a super admin's hash at another cost is upgraded too", async () => {
    const old = await hashPassword('SuperSecret123', 1024);
    await t.app.db.updateTable('superAdmins').set({ passwordHash: old }).where('email', '=', 'root@school.test').execute();
    await loginSuperAdmin(t.app);
    const row = await t.app.db
      .selectFrom('superAdmins')
      .select('passwordHash')
      .where('email', '=', 'root@school.test')
      .executeTakeFirstOrThrow();
    expect(hashCost(row.passwordHash)).toBe(COST);
  });
});
