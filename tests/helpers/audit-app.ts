import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createSession } from '@core/auth/sessions';
import { hashPassword, hashToken } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { as, createTestApp, loginSuperAdmin, multipart, SUPER_ADMIN, type TestApp } from './app';
import { createSchool, fixture, uploadedFiles } from './schools';
import { startStandInGateway } from '../fixtures/sms-gateway';
import { addUncertainMessage } from './notifications';
import { installChangeJournal, type ChangeJournal, type JournalChanges, type JournalMark } from './change-journal';
import { startStandInGraph } from '../fixtures/graph-api';
import type { RolloverChoices, RolloverPlan } from '@domain/school-year';
import { nextYearPlan } from './school-year';

/*
 * The app under audit (tests/api/app/robustness.test.ts): every route it registers, the records the
 * routes act on (re-created when a request used one up), sessions of every role, stored secrets to
 * look for in responses, and a journal of every table's writes to prove that a refused request wrote nothing.
 */

export interface AuditRoute {
  method: string;
  url: string;
  /** The success status the route declares (the 2xx key of its response schema), when it declares one. */
  success?: number;
}

/** The one 2xx status a route's response schema declares. */
function declaredSuccess(schema: unknown): number | undefined {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  const codes = Object.keys(response)
    .map(Number)
    .filter((c) => c >= 200 && c < 300);
  return codes.length === 1 ? codes[0] : undefined;
}
export const routeKey = (r: AuditRoute) => `${r.method} ${r.url}`;

/** Routes anyone may call (the brief's list; HEAD goes with GET). */
export const PUBLIC_ROUTES = new Set([
  'POST /api/super-admin/login',
  'POST /api/super-admin/logout',
  // The student portal's sign-in and sign-out.
  'POST /api/student/login',
  'POST /api/student/logout',
  'POST /api/admin/login',
  'POST /api/login',
  'POST /api/admin/logout',
  // A forgotten password: asked for and used without a session.
  'POST /api/password-reset/request',
  'POST /api/password-reset',
  // A gate station's pairing: a single-use code, no session (rate limited per address).
  'POST /api/gate/pair',
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/inquiries/systems',
  'HEAD /api/inquiries/systems',
  'POST /api/inquiries',
  'POST /api/inquiries/',
  'POST /api/inquiries/orders',
  // Webhooks: no session; each checks its signature instead (audit-cases.ts signs the valid calls).
  'POST /api/webhooks/sms',
  'GET /api/webhooks/messenger',
  'HEAD /api/webhooks/messenger',
  'POST /api/webhooks/messenger',
]);
/** Shared secrets of the webhooks in the audit app (audit-cases.ts signs with them). */
export const AUDIT_WEBHOOK = {
  sms: 'audit-sms-webhook-secret',
  messengerApp: 'audit-messenger-app-secret',
  verify: 'audit-verify-token',
};
/** Routes outside /api (served files); anything else outside /api fails the audit. */
export const NON_API_ROUTES = new Set([
  'GET /uploads/*',
  'HEAD /uploads/*',
  // ZKTeco ADMS push (device protocol, plain text; audited in tests/api/rfid/zkteco.test.ts)
  'GET /iclock/cdata',
  'HEAD /iclock/cdata',
  'POST /iclock/cdata',
  'GET /iclock/getrequest',
  'HEAD /iclock/getrequest',
  'POST /iclock/devicecmd',
]);
/**
 * Routes authenticated by a device credential (a reader token), not a session, and logged per tap in rfid_taps
 * rather than the system log: their 401/403/400 and "nothing recorded" cases are in tests/api/rfid/rfid-taps.test.ts
 * and tests/api/rfid/gate-pairing.test.ts.
 */
export const DEVICE_ROUTES = new Set([
  'POST /api/rfid/taps',
  // The gate station page's reads (its reader token): tests/api/rfid/gate-pairing.test.ts.
  'GET /api/gate/station',
  'HEAD /api/gate/station',
  'GET /api/gate/roster',
  'HEAD /api/gate/roster',
]);

export const OTHER_SUPER_ADMIN = { email: 'other-root@school.test', password: 'OtherPass123' };
/** The learner whose STUDENT sessions call the student portal's routes. */
export const AUDIT_LEARNER = { email: 'audit-learner@school.test', lrn: '987600000001', password: 'Learner-Pass-2026' };

/** Routes of the student portal behind a STUDENT session: the learner's session is the valid one, others are refused. */
export const isStudentRoute = (key: string) => key.split(' ')[1]!.startsWith('/api/student/') && !PUBLIC_ROUTES.has(key);
/** The school admin of the fixtures' school, with every permission (the /api/admin routes). */
export const SCHOOL_ADMIN = { email: 'audit-school-admin@school.test', password: 'SchoolAdmin-Gate-77' };
/** /api/admin routes every school admin may call (their own account): an ADMIN session is not refused there. */
export const ADMIN_OWN_ROUTES = new Set([
  'GET /api/admin/me',
  'HEAD /api/admin/me',
  'GET /api/admin/access-help',
  'HEAD /api/admin/access-help',
  'POST /api/admin/change-password',
]);
const NO_LIMITS = { loginPerMinute: 1_000_000, loginPerEmailPer15Min: 1_000_000, publicFormsPerMinute: 1_000_000 };

export interface Fixtures {
  schoolId: number;
  gradeId: number;
  sectionId: number;
  systemId: number;
  imageName: string;
  orderId: number;
  inquiryId: number;
  contractFileId: number;
  /** an admin the admin routes edit/deactivate (not the one whose session is used) */
  adminId: number;
  permission: string;
  /** an active student with a Messenger opt-in token, and an archived one (the student routes archive/restore them) */
  studentId: number;
  /** The fixture student's LRN: a list filter matching that learner alone. */
  studentLrn: string;
  messengerRef: string;
  archivedStudentId: number;
  /** an SMS device and a Facebook page (token known to the stand-in Graph API; pageGraphId is its Facebook id) */
  deviceId: number;
  pageId: number;
  pageGraphId: string;
  /** a SENT message the gateway webhook may mark delivered */
  smsRequestId: string;
  /** an UNCERTAIN message (its outbox row 'uncertain') an admin may resend or dismiss */
  uncertainSmsId: number;
  readerId: number;
  /** a no-class day of the school (the calendar's DELETE route removes it) */
  noClassDate: string;
  /** an ABSENT attendance record of the student (the correction route makes it PRESENT; ensure() resets it) */
  attendanceId: number;
  /** an OPEN device claim of the school (the super admin's resolve route closes it; ensure() makes another) */
  claimId: number;
  /** A finished background job of the main super admin. */
  jobId: number;
  /** an unused password-reset token of the fixture admin (the reset route uses it; ensure() makes another) */
  resetToken: string;
  /** an unused gate pairing code of the fixture reader (pairing uses it; ensure() makes another) */
  pairingCode: string;
  /** an unknown card's tap at a gate of the school (assigning it records it again; ensure() makes another) */
  unknownTapId: number;
  /** a rollover of the school (the undo route's; its `prepare` sets it from undoableRollover) */
  rolloverId: number;
  /** the school's rollover that can be undone, made when none is (only the undo route asks: each costs a commit) */
  undoableRollover: () => Promise<number>;
  /** the wizard's default plan for the school's current year (the next year starting the day after it ends) */
  rolloverPlan: RolloverPlan;
}

export interface AuditApp {
  t: TestApp;
  app: FastifyInstance;
  routes: AuditRoute[];
  token: string;
  tokens: { admin: string; student: string; expired: string; revoked: string; inactiveAdmin: string };
  /** raw values that must never be sent back: stored API keys/page tokens, passwords, other sessions' tokens */
  secrets: string[];
  fx: Fixtures;
  /** re-creates the records a request deleted; `fresh` makes new ones of everything */
  ensure(fresh?: boolean): Promise<Fixtures>;
  superSession(userId?: number): Promise<string>;
  /** A fresh session of SCHOOL_ADMIN (reset by ensure() to the fixtures' school, its password and every permission). */
  schoolAdmin(): Promise<string>;
  otherSuperAdmin(): Promise<{ id: number; token: string }>;
  /** AUDIT_LEARNER restored (password, active, in the current fixtures' school, no guardian bound) with a fresh session. */
  learner(): Promise<{ id: number; token: string }>;
  send(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  snapshot(): Promise<Snapshot>;
  /** What any request wrote since `before` (tables, system-log actions, uploads). */
  changes(before: Snapshot): Promise<Changes>;
  /** Every table the journal watches. */
  tables: string[];
  close(): Promise<void>;
}

/** Where the change journal stood, and the upload folder's files. */
export interface Snapshot extends JournalMark {
  uploads: string[];
}

/** What was written since a snapshot. */
export interface Changes extends JournalChanges {
  uploadsBefore: string[];
  uploadsAfter: string[];
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;
const now = nowIso;

async function insertPerson(app: FastifyInstance, table: 'admins' | 'students', schoolId: number, isActive = 1) {
  const n = unique();
  const common = {
    firstName: 'Audit',
    lastName: `Person${n}`,
    passwordHash: 'x',
    schoolId,
    isActive,
    createdAt: now(),
    updatedAt: now(),
  };
  const row =
    table === 'admins'
      ? await app.db
          .insertInto('admins')
          .values({ ...common, email: `audit-admin${n}@school.test`, employeeId: `AUD-${n}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await app.db
          .insertInto('students')
          .values({
            ...common,
            email: `audit-student${n}@school.test`,
            lrn: `9${String(seq).padStart(11, '0')}`,
            parentPhone: '+639171234567',
            isArchived: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
  return row.id;
}

export async function startAuditApp(): Promise<AuditApp> {
  const routes: AuditRoute[] = [];
  // The notification routes talk to real stand-ins of the SMS gateway and the Graph API.
  const gateway = await startStandInGateway();
  const graph = await startStandInGraph();
  const t = await createTestApp(
    // The API's routes only: the OpenAPI document and its page are public files (tests/api/core/openapi.test.ts).
    {
      rateLimits: NO_LIMITS,
      apiDocs: false,
      smsGatewayUrl: gateway.url,
      graphApiUrl: graph.url,
      smsWebhookSecret: AUDIT_WEBHOOK.sms,
      messengerAppSecret: AUDIT_WEBHOOK.messengerApp,
      messengerVerifyToken: AUDIT_WEBHOOK.verify,
    },
    {
      onRoute: (r) =>
        [r.method].flat().forEach((method) => routes.push({ method, url: r.url, success: declaredSuccess(r.schema) })),
    },
  );
  const { app } = t;
  // A plugin's '/' route under a prefix is routed at '/prefix' and '/prefix/' but announced once.
  for (const r of [...routes]) {
    const twin = { method: r.method, url: `${r.url}/`, success: r.success };
    if (!/[/*]$/.test(r.url) && app.hasRoute(twin as never) && !routes.some((x) => routeKey(x) === routeKey(twin)))
      routes.push(twin);
  }
  const token = await loginSuperAdmin(app);
  const send = (tok: string | null, opts: InjectOptions) => (tok ? as(tok)(app, opts) : app.inject(opts));
  const ok = async (opts: InjectOptions) => {
    const res = await send(token, opts);
    if (res.statusCode >= 300) throw new Error(`seeding ${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const newest = async (table: 'orders' | 'inquiries' | 'contractFiles') =>
    (await app.db.selectFrom(table).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  const exists = async (
    table:
      | 'schools'
      | 'grades'
      | 'sections'
      | 'systems'
      | 'orders'
      | 'inquiries'
      | 'contractFiles'
      | 'students'
      | 'rfidReaders'
      | 'bulkJobs',
    id?: number,
  ) => id != null && Boolean(await app.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());

  // Stored secrets of the notification channels: no route may send them back, except the audited reveal routes.
  const apiKey = `sk_live_${randomBytes(16).toString('hex')}`;
  const pageToken = `EAAG${randomBytes(24).toString('hex')}`;
  const secrets: string[] = [apiKey, pageToken];
  async function insertDevice(schoolId: number) {
    const row = await app.db
      .insertInto('smsDevices')
      .values({
        name: 'Gateway',
        deviceName: 'Pixel',
        phoneNumber: '+639171234567',
        apiKey,
        schoolId,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function insertPage(schoolId: number) {
    // Each page has its own token, which the stand-in Graph API knows (Test Connection must name the page).
    const token = secrets.length === 2 ? pageToken : `EAAG${randomBytes(24).toString('hex')}`;
    if (token !== pageToken) secrets.push(token);
    const pageId = `9${Date.now()}${(seq += 1)}`;
    graph.tokens.set(token, { id: pageId, name: 'School page' });
    const row = await app.db
      .insertInto('facebookPages')
      .values({ pageId, pageName: 'School page', accessToken: token, schoolId, createdAt: now(), updatedAt: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, pageId };
  }

  const schoolAdminHash = await hashPassword(SCHOOL_ADMIN.password, t.config.scryptCost);
  const allPermissions = (await app.db.selectFrom('permissions').select('name').execute()).map((p) => [p.name, true]);
  const schoolAdminRow = await app.db
    .insertInto('admins')
    .values({
      email: SCHOOL_ADMIN.email,
      passwordHash: schoolAdminHash,
      firstName: 'School',
      lastName: 'Registrar',
      employeeId: 'AUD-SCHOOL',
      permissions: JSON.stringify(Object.fromEntries(allPermissions)),
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const fx = {} as Fixtures;
  // Where the journal stood when the fixtures were last made whole: nothing written since (new sessions aside)
  // means they still are, and the checks below need not run again.
  let journal: ChangeJournal | undefined = undefined;
  let whole: JournalMark | undefined;
  /** The wizard's start for the fixtures' school; sets the next rollover's plan (its year the day after this one's). */
  async function rolloverChoices() {
    const url = `/api/super-admin/schools/${fx.schoolId}/school-year/rollover`;
    const choices = (await ok({ method: 'GET', url })).json().data as RolloverChoices;
    fx.rolloverPlan = nextYearPlan(choices);
    return choices;
  }
  /** A rollover of the fixtures' school that can be undone: the last one, or a new one (made only when asked). */
  fx.undoableRollover = async () => {
    const choices = await rolloverChoices();
    if (choices.last?.canUndo) return choices.last.id;
    const url = `/api/super-admin/schools/${fx.schoolId}/school-year/rollover`;
    return (await ok({ method: 'POST', url, payload: fx.rolloverPlan })).json().data.rollover.id as number;
  };
  async function ensure(fresh = false): Promise<Fixtures> {
    if (!fresh && journal && whole && (await journal.since(whole)).tables.every((name) => name === 'sessions')) return fx;
    if (fresh || !(await exists('schools', fx.schoolId)))
      fx.schoolId = (await createSchool(app, token, { name: `Audit ${unique()}` })).id;
    if (fresh || !(await exists('grades', fx.gradeId))) {
      const res = await ok({
        method: 'POST',
        url: '/api/super-admin/grades',
        payload: { schoolId: fx.schoolId, name: `G${unique()}` },
      });
      fx.gradeId = res.json().data.id;
    }
    if (fresh || !(await exists('sections', fx.sectionId))) {
      const payload = { schoolId: fx.schoolId, gradeId: fx.gradeId, name: `S${unique()}` };
      fx.sectionId = (await ok({ method: 'POST', url: '/api/super-admin/sections', payload })).json().data.id;
    }
    fx.noClassDate = '2026-12-26';
    const noClassDay = await app.db
      .selectFrom('schoolHolidays')
      .select('date')
      .where('schoolId', '=', fx.schoolId)
      .where('date', '=', fx.noClassDate)
      .executeTakeFirst();
    if (!noClassDay) {
      const payload = { date: fx.noClassDate, name: 'Audit no-class day', kind: 'EVENT' };
      await ok({ method: 'POST', url: `/api/super-admin/schools/${fx.schoolId}/calendar/no-class-days`, payload });
    }
    const system = fx.systemId
      ? await app.db.selectFrom('systems').select('images').where('id', '=', fx.systemId).executeTakeFirst()
      : undefined;
    if (fresh || !system || !system.images.includes(`/${fx.imageName}"`)) {
      const body = multipart([
        { name: 'data', value: JSON.stringify({ name: `Sys ${unique()}`, description: 'Gate', features: ['SMS'] }) },
        { name: 'images', filename: 'gate.png', content: fixture('pixel.png'), contentType: 'image/png' },
      ]);
      const data = (await ok({ method: 'POST', url: '/api/super-admin/systems', ...body })).json().data;
      fx.systemId = data.id;
      fx.imageName = String(data.images[0]).split('/').pop()!;
    }
    if (fresh || !(await exists('orders', fx.orderId))) {
      await ok({ method: 'POST', url: '/api/inquiries/orders', payload: { email: 'buyer@example.com', systemId: fx.systemId } });
      fx.orderId = await newest('orders');
    }
    if (fresh || !(await exists('inquiries', fx.inquiryId))) {
      await ok({
        method: 'POST',
        url: '/api/inquiries',
        payload: { email: 'parent@example.com', subject: 'Hi', inquiry: 'Price?' },
      });
      fx.inquiryId = await newest('inquiries');
    }
    if (fresh || !(await exists('contractFiles', fx.contractFileId))) {
      const body = multipart([
        { name: 'files', filename: 'c.pdf', content: fixture('contract.pdf'), contentType: 'application/pdf' },
      ]);
      await ok({ method: 'POST', url: `/api/super-admin/schools/${fx.schoolId}/contract-files`, ...body });
      fx.contractFileId = await newest('contractFiles');
    }
    if (fresh || !fx.adminId) fx.adminId = await insertPerson(app, 'admins', fx.schoolId);
    const studentIs = async (id: number | undefined, archived: 0 | 1) =>
      id != null &&
      Boolean(
        await app.db
          .selectFrom('students')
          .select('id')
          .where('id', '=', id)
          .where('isArchived', '=', archived)
          .executeTakeFirst(),
      );
    // The school year the rollover routes close, set straight (a rollover loads the next year's holidays itself).
    await app.db
      .updateTable('schools')
      .set({ schoolYearStart: '2026-06-08', schoolYearEnd: '2027-04-09' })
      .where('id', '=', fx.schoolId)
      .where('schoolYearStart', 'is', null)
      .execute();
    fx.rolloverId ??= 1;
    if (fresh || !(await studentIs(fx.studentId, 0))) {
      fx.studentId = await insertPerson(app, 'students', fx.schoolId);
      fx.studentLrn = (
        await app.db.selectFrom('students').select('lrn').where('id', '=', fx.studentId).executeTakeFirstOrThrow()
      ).lrn;
      // Found by its LRN as a registered learner is (inserted straight, it has no search terms of its own).
      await app.db.insertInto('studentSearchTerms').values({ studentId: fx.studentId, term: fx.studentLrn }).execute();
      // In the fixtures' grade and section: a message to a grade's parents reaches them.
      await app.db
        .updateTable('students')
        .set({ gradeId: fx.gradeId, sectionId: fx.sectionId })
        .where('id', '=', fx.studentId)
        .execute();
      // A bound parent (the unbind route) and an unused opt-in link (the webhook binds with it, once).
      fx.messengerRef = `ref-${unique()}`;
      await app.db.updateTable('students').set({ parentMessengerPsid: '24000001' }).where('id', '=', fx.studentId).execute();
      await app.db
        .insertInto('messengerOptInLinks')
        .values({
          studentId: fx.studentId,
          refHash: hashToken(fx.messengerRef),
          createdAt: now(),
          expiresAt: '2999-01-01T00:00:00.000Z',
        })
        .execute();
    }
    if (fresh || !(await studentIs(fx.archivedStudentId, 1))) {
      fx.archivedStudentId = await insertPerson(app, 'students', fx.schoolId);
      await app.db
        .updateTable('students')
        .set({ isArchived: 1, archivedAt: now() })
        .where('id', '=', fx.archivedStudentId)
        .execute();
    }
    if (fresh || !(await exists('rfidReaders', fx.readerId))) {
      const payload = { name: `Gate ${unique()}`, schoolId: fx.schoolId };
      fx.readerId = (await ok({ method: 'POST', url: '/api/super-admin/rfid-readers', payload })).json().data.id;
    }
    // An open device claim (the resolve route closes it; a closed one is 409).
    const claim = await app.db
      .selectFrom('deviceClaims')
      .select('id')
      .where('id', '=', fx.claimId ?? 0)
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    if (fresh || !claim) {
      const values = {
        kind: 'FACEBOOK_PAGE',
        value: `claim-${unique()}`,
        schoolId: fx.schoolId,
        adminName: 'Audit',
        createdAt: now(),
      };
      fx.claimId = (await app.db.insertInto('deviceClaims').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    if (!(await exists('bulkJobs', fx.jobId))) {
      const root = await app.db
        .selectFrom('superAdmins')
        .select('id')
        .where('email', '=', SUPER_ADMIN.email)
        .executeTakeFirstOrThrow();
      const at = now();
      const job = { kind: 'ARCHIVE_STUDENTS', schoolId: fx.schoolId, actorRole: 'SUPER_ADMIN', actorId: root.id, status: 'DONE' };
      const values = { ...job, total: 1, done: 1, message: '1 student archived', createdAt: at, updatedAt: at, finishedAt: at };
      fx.jobId = (await app.db.insertInto('bulkJobs').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    // An unused reset token of the fixture admin (a reset uses it once, so every ensure() makes a new one).
    fx.resetToken = `audit-${randomBytes(16).toString('hex')}`;
    await app.db
      .insertInto('passwordResets')
      .values({
        role: 'ADMIN',
        userId: fx.adminId,
        kind: 'SLIP',
        tokenHash: hashToken(fx.resetToken),
        createdAt: nowIso(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    // An unused gate pairing code of the reader (a pairing uses it; a new code replaces it).
    fx.pairingCode = `AUDIT${randomBytes(4).toString('hex')}`.toUpperCase();
    await app.db
      .insertInto('gatePairingCodes')
      .values({
        readerId: fx.readerId,
        codeHash: hashToken(fx.pairingCode),
        createdAt: nowIso(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    const unknownTap = await app.db
      .selectFrom('rfidTaps')
      .select('id')
      .where('id', '=', fx.unknownTapId ?? 0)
      .where('outcome', '=', 'UNKNOWN_CARD')
      .executeTakeFirst();
    if (fresh || !unknownTap) {
      // At a reader of its own: the fixture reader must stay without taps (its delete is a delete, not a retirement).
      const gate = { name: `Audit gate ${unique()}`, schoolId: fx.schoolId, kind: 'GATE', tokenHash: hashToken(unique()) };
      const gateId = (
        await app.db
          .insertInto('rfidReaders')
          .values({ ...gate, isActive: 1, createdAt: now(), updatedAt: now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const card = `AD${randomBytes(3).toString('hex')}`.toUpperCase();
      const values = {
        readerId: gateId,
        eventId: `audit-${unique()}`,
        cardUidRaw: card,
        cardUid: card,
        tappedAt: now(),
        receivedAt: now(),
        outcome: 'UNKNOWN_CARD',
      };
      fx.unknownTapId = (await app.db.insertInto('rfidTaps').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    fx.permission ??= (await app.db.selectFrom('permissions').select('name').orderBy('name').executeTakeFirstOrThrow()).name;
    const has = async (table: 'smsDevices' | 'facebookPages', id?: number) =>
      id != null && Boolean(await app.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
    if (fresh || !(await has('smsDevices', fx.deviceId))) fx.deviceId = await insertDevice(fx.schoolId);
    if (fresh || !(await has('facebookPages', fx.pageId)))
      ({ id: fx.pageId, pageId: fx.pageGraphId } = await insertPage(fx.schoolId));
    const sent = fx.smsRequestId
      ? await app.db.selectFrom('smsNotifications').select('status').where('requestId', '=', fx.smsRequestId).executeTakeFirst()
      : undefined;
    if (fresh || sent?.status !== 'SENT') {
      fx.smsRequestId = `audit:${unique()}:SMS`;
      await app.db
        .insertInto('smsNotifications')
        .values({
          studentId: fx.studentId,
          schoolId: fx.schoolId,
          type: 'CHECK_IN',
          message: 'Audit',
          phoneNumber: '+639171234567',
          status: 'SENT',
          sentAt: now(),
          requestId: fx.smsRequestId,
          createdAt: now(),
          updatedAt: now(),
        })
        .execute();
    }
    const open = await app.db
      .selectFrom('smsNotifications')
      .select('id')
      .where('id', '=', fx.uncertainSmsId ?? 0)
      .where('status', '=', 'UNCERTAIN')
      .where('dismissedAt', 'is', null)
      .executeTakeFirst();
    if (fresh || !open) fx.uncertainSmsId = await addUncertainMessage(app, fx.studentId, fx.schoolId);
    // The school admin runs the fixtures' school again, with its known password (a password change moved it).
    await app.db
      .updateTable('admins')
      .set({ schoolId: fx.schoolId, passwordHash: schoolAdminHash, isActive: 1 })
      .where('id', '=', schoolAdminRow.id)
      .execute();
    // The correction route's record: the student's day, ABSENT again before every request.
    const day = '2026-11-20';
    const record = await app.db
      .selectFrom('attendanceRecords')
      .select('id')
      .where('studentId', '=', fx.studentId)
      .where('date', '=', day)
      .executeTakeFirst();
    if (record) {
      fx.attendanceId = record.id;
      await app.db.updateTable('attendanceRecords').set({ status: 'ABSENT' }).where('id', '=', record.id).execute();
    } else {
      const now = new Date().toISOString();
      fx.attendanceId = (
        await app.db
          .insertInto('attendanceRecords')
          .values({ studentId: fx.studentId, schoolId: fx.schoolId, date: day, status: 'ABSENT', createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    // The next rollover's plan, with the learners made above in it.
    await rolloverChoices();
    if (journal) whole = await journal.mark();
    return fx;
  }
  await ensure();
  const root = await app.db
    .selectFrom('superAdmins')
    .select('id')
    .where('email', '=', SUPER_ADMIN.email)
    .executeTakeFirstOrThrow();
  const superSession = async (userId = root.id) => (await createSession(app.db, 'SUPER_ADMIN', userId)).token;
  /** A super-admin session that no longer counts (expired or revoked). */
  async function deadSession(set: { expiresAt: string } | { revokedAt: string }) {
    const session = await createSession(app.db, 'SUPER_ADMIN', root.id);
    await app.db.updateTable('sessions').set(set).where('id', '=', session.sessionId).execute();
    return session.token;
  }
  const adminId = await insertPerson(app, 'admins', fx.schoolId);
  const inactiveAdminId = await insertPerson(app, 'admins', fx.schoolId, 0);
  const studentId = await insertPerson(app, 'students', fx.schoolId);
  const expired = await deadSession({ expiresAt: '2000-01-01T00:00:00.000Z' });
  const revoked = await deadSession({ revokedAt: now() });
  const tokens = {
    admin: (await createSession(app.db, 'ADMIN', adminId)).token,
    student: (await createSession(app.db, 'STUDENT', studentId)).token,
    inactiveAdmin: (await createSession(app.db, 'ADMIN', inactiveAdminId)).token,
    expired,
    revoked,
  };

  const other = await app.db
    .insertInto('superAdmins')
    .values({
      email: OTHER_SUPER_ADMIN.email,
      passwordHash: 'x',
      firstName: 'Other',
      lastName: 'Root',
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  /** The second super admin with its known password restored and a fresh session (for password changes). */
  async function otherSuperAdmin() {
    const passwordHash = await hashPassword(OTHER_SUPER_ADMIN.password, t.config.scryptCost);
    await app.db.updateTable('superAdmins').set({ passwordHash, isActive: 1 }).where('id', '=', other.id).execute();
    return { id: other.id, token: await superSession(other.id) };
  }

  const learnerRow = await app.db
    .insertInto('students')
    .values({
      firstName: 'Audit',
      lastName: 'Learner',
      email: AUDIT_LEARNER.email,
      lrn: AUDIT_LEARNER.lrn,
      passwordHash: await hashPassword(AUDIT_LEARNER.password, t.config.scryptCost),
      parentPhone: '+639171234567',
      schoolId: fx.schoolId,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  async function learner() {
    const passwordHash = await hashPassword(AUDIT_LEARNER.password, t.config.scryptCost);
    await app.db
      .updateTable('students')
      .set({ passwordHash, isActive: 1, isArchived: 0, schoolId: fx.schoolId, parentMessengerPsid: null })
      .where('id', '=', learnerRow.id)
      .execute();
    return { id: learnerRow.id, token: (await createSession(app.db, 'STUDENT', learnerRow.id)).token };
  }

  // Installed once the fixtures exist: from here on every write to any table is journalled.
  const installed = await installChangeJournal(app.db, app.config.pgSchema ? { schema: app.config.pgSchema } : null);
  journal = installed;
  const snapshot = async (): Promise<Snapshot> => ({ ...(await installed.mark()), uploads: uploadedFiles(t.config.uploadDir) });
  async function changes(before: Snapshot): Promise<Changes> {
    // What a request started in the background (a bulk job) is part of what it changed.
    await app.jobs.drain();
    return { ...(await installed.since(before)), uploadsBefore: before.uploads, uploadsAfter: uploadedFiles(t.config.uploadDir) };
  }

  return {
    t,
    app,
    routes,
    token,
    tokens,
    secrets: [
      ...secrets,
      SUPER_ADMIN.password,
      OTHER_SUPER_ADMIN.password,
      AUDIT_LEARNER.password,
      SCHOOL_ADMIN.password,
      token,
      ...Object.values(tokens),
    ],
    fx,
    ensure,
    superSession,
    schoolAdmin: async () => (await createSession(app.db, 'ADMIN', schoolAdminRow.id)).token,
    otherSuperAdmin,
    learner,
    send,
    snapshot,
    changes,
    tables: installed.tables,
    close: async () => {
      await t.close();
      await gateway.close();
      await graph.close();
    },
  };
}
