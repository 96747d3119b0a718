import type { InjectOptions } from 'fastify';
import { multipart, SUPER_ADMIN } from './app';
import { fixture } from './schools';
import { localDate } from '@core/time/time';
import { createHmac, randomUUID } from 'node:crypto';
import { gatewayToken } from '../fixtures/sms-gateway';
import { AUDIT_LEARNER, AUDIT_WEBHOOK, OTHER_SUPER_ADMIN, SCHOOL_ADMIN, type AuditRoute, type Fixtures } from './audit-app';

/*
 * What tests/api/app/robustness.test.ts sends: a valid call of every mutation route (MUTATIONS), and the
 * hostile variants of every route (hostileCases): bad ids, junk query strings, bodies of the wrong
 * shape, type or encoding, and every field of the valid payload replaced by a wrong value.
 */

type Part = Parameters<typeof multipart>[0][number];
export interface Case {
  label: string;
  /** built just before it is sent, with the records live at that moment */
  opts: (fx: Fixtures) => InjectOptions;
  /** true when the request can never be valid (a bad id): 4xx expected, not only "no 5xx" */
  mustFail?: boolean;
}

export interface MutationSpec {
  /** the system-log action a successful call writes (null: a POST that only reads, e.g. an import preview) */
  action: string | null;
  /** 'multipart': fields in a `data` JSON part plus file parts; 'json': a JSON body; 'none': no body */
  body: 'json' | 'multipart' | 'none';
  fields?: (fx: Fixtures) => Record<string, unknown>;
  files?: Part[];
  /**
   * main super admin (default), no session, a throwaway super-admin session, the second super admin, the learner of
   * the student portal, or the school admin of the fixtures' school with every permission (the /api/admin routes)
   */
  session?: 'main' | 'none' | 'throwaway' | 'other' | 'learner' | 'schoolAdmin';
  /** headers computed from the exact JSON text sent (webhook signatures) */
  sign?: (raw: string) => Record<string, string> | Promise<Record<string, string>>;
  /** makes the record the valid call needs, when making it for every fixture set would cost too much */
  prepare?: (fx: Fixtures) => Promise<void>;
}

let seq = 0;
const u = () => `${Date.now().toString(36).slice(-4)}${(seq += 1)}`;
const png = (name: string): Part => ({ name, filename: 'p.png', content: fixture('pixel.png'), contentType: 'image/png' });
const pdf: Part = { name: 'files', filename: 'c.pdf', content: fixture('contract.pdf'), contentType: 'application/pdf' };

const studentsCsv: Part = {
  name: 'file',
  filename: 'students.csv',
  content: Buffer.from(
    'First Name,Last Name,Email,LRN,Parent Phone\r\nAna,Audit,ana.audit@school.test,987654321098,09171234567\r\n',
  ),
  contentType: 'text/csv',
};

/** Passwords the valid payloads send: never to be seen again in a response or the system log. */
export const PAYLOAD_SECRETS = ['Tamarind-Gate-42', 'NewAdminPass1', 'BrandNew12345', 'Fresh-Learner-Pass-77'];

const inquiry: MutationSpec = {
  action: 'CREATE_INQUIRY',
  body: 'json',
  session: 'none',
  fields: () => ({ email: 'parent@example.com', subject: 'Pricing', inquiry: 'How much?' }),
};

/** Every route that changes something, keyed `METHOD /url/:param` exactly as the app registers it. */
export const MUTATIONS: Record<string, MutationSpec> = {
  'POST /api/super-admin/rfid-readers': {
    action: 'CREATE_RFID_READER',
    body: 'json',
    fields: (fx) => ({ name: `Gate ${u()}`, location: 'Main gate', schoolId: fx.schoolId }),
  },
  'PATCH /api/super-admin/rfid-readers/:id': {
    action: 'UPDATE_RFID_READER',
    body: 'json',
    fields: () => ({ name: `Gate ${u()}` }),
  },
  'DELETE /api/super-admin/rfid-readers/:id': { action: 'DELETE_RFID_READER', body: 'none' },
  'POST /api/super-admin/rfid-readers/:id/rotate-token': { action: 'ROTATE_RFID_READER_TOKEN', body: 'none' },
  'POST /api/super-admin/attendance/excuse': {
    action: 'EXCUSE_ATTENDANCE',
    body: 'json',
    fields: (fx) => ({ studentId: fx.studentId, date: localDate(new Date(), 'Asia/Manila'), note: 'Medical certificate' }),
  },
  'POST /api/super-admin/attendance/:id/correct': {
    action: 'CORRECT_ATTENDANCE',
    body: 'json',
    fields: () => ({ status: 'PRESENT', reason: 'Reader was down', arrivalTime: '00:00' }),
  },
  'PUT /api/super-admin/schools/:id/attendance-settings': {
    action: 'UPDATE_ATTENDANCE_SETTINGS',
    body: 'json',
    fields: () => ({
      timeZone: 'Asia/Manila',
      lateCutoff: '07:30',
      absenceCutoff: '10:00',
      schoolDays: [1, 2, 3, 4, 5],
      holidays: [],
    }),
  },
  'PUT /api/super-admin/schools/:id/settings': {
    action: 'UPDATE_SCHOOL_SETTINGS',
    body: 'json',
    fields: () => ({
      schoolDays: [1, 2, 3, 4, 5, 6],
      lateCutoff: '07:20',
      absenceCutoff: '09:50',
      depedSchoolId: '305555',
      schoolHeadName: `Head ${u()}`,
    }),
  },
  'PUT /api/super-admin/schools/:id/calendar/school-year': {
    action: 'UPDATE_SCHOOL_YEAR',
    body: 'json',
    fields: () => ({ start: '2026-06-08', end: '2027-04-09' }),
  },
  'POST /api/super-admin/schools/:id/calendar/no-class-days': {
    action: 'DECLARE_NO_CLASS_DAY',
    body: 'json',
    // A date of its own each call (one no-class day per date).
    fields: () => {
      seq += 1;
      return {
        date: `2028-${String(1 + (seq % 12)).padStart(2, '0')}-${10 + (seq % 18)}`,
        name: `Suspension ${u()}`,
        kind: 'SUSPENSION',
      };
    },
  },
  'DELETE /api/super-admin/schools/:id/calendar/no-class-days/:date': { action: 'REMOVE_NO_CLASS_DAY', body: 'none' },
  'POST /api/super-admin/schools/:id/school-year/rollover/preview': {
    action: null,
    body: 'json',
    fields: (fx) => ({ ...fx.rolloverPlan }),
  },
  'POST /api/super-admin/schools/:id/school-year/rollover': {
    action: 'ROLL_OVER_SCHOOL_YEAR',
    body: 'json',
    fields: (fx) => ({ ...fx.rolloverPlan }),
  },
  'POST /api/super-admin/schools/:id/school-year/rollovers/:rolloverId/undo': {
    action: 'UNDO_SCHOOL_YEAR_ROLLOVER',
    body: 'none',
    prepare: async (fx) => {
      fx.rolloverId = await fx.undoableRollover();
    },
  },
  'POST /api/super-admin/login': { action: 'LOGIN', body: 'json', session: 'none', fields: () => ({ ...SUPER_ADMIN }) },
  'POST /api/super-admin/logout': { action: 'LOGOUT', body: 'json', session: 'throwaway', fields: () => ({}) },
  // The student portal: the learner's own session ('learner'), sign-in without one.
  'POST /api/student/login': {
    action: 'LOGIN',
    body: 'json',
    session: 'none',
    fields: () => ({ email: AUDIT_LEARNER.lrn, password: AUDIT_LEARNER.password }),
  },
  'POST /api/student/logout': { action: 'LOGOUT', body: 'json', session: 'learner', fields: () => ({}) },
  'POST /api/student/change-password': {
    action: 'CHANGE_PASSWORD',
    body: 'json',
    session: 'learner',
    fields: () => ({ currentPassword: AUDIT_LEARNER.password, newPassword: 'Fresh-Learner-Pass-77' }),
  },
  'POST /api/student/messenger/links': { action: 'CREATE_MESSENGER_OPT_IN', body: 'none', session: 'learner' },
  'POST /api/super-admin/change-password': {
    action: 'CHANGE_PASSWORD',
    body: 'json',
    session: 'other',
    fields: () => ({ currentPassword: OTHER_SUPER_ADMIN.password, newPassword: 'BrandNew12345' }),
  },
  'PATCH /api/super-admin/profile': {
    action: 'UPDATE_PROFILE',
    body: 'multipart',
    fields: () => ({ firstName: 'Root', lastName: `Admin ${u()}`, phoneNumber: '+639171234567' }),
    files: [png('profilePicture')],
  },
  'POST /api/super-admin/permissions/sync': {
    action: 'SYNC_PERMISSIONS',
    body: 'json',
    fields: () => ({ additionalPermissions: [{ name: `AUDIT_${u().toUpperCase()}`, description: 'Audit', category: 'Audit' }] }),
  },
  'POST /api/super-admin/schools': {
    action: 'CREATE_SCHOOL',
    body: 'multipart',
    fields: () => ({
      name: `School ${u()}`,
      acronym: u().slice(-10),
      email: 'office@school.ph',
      website: 'school.edu.ph',
      studentCount: 100,
      contractDate: '2025-01-01',
      contractExpiryDate: '2026-01-01',
      contractAmount: 5000,
    }),
    files: [png('logo')],
  },
  'PATCH /api/super-admin/schools/:id': {
    action: 'UPDATE_SCHOOL',
    body: 'multipart',
    fields: () => ({ name: `Renamed ${u()}`, studentCount: 10, contractDate: '2025-02-01', isActive: true }),
    files: [png('logo')],
  },
  'POST /api/super-admin/schools/:id/contract-files': { action: 'UPLOAD_CONTRACT_FILE', body: 'multipart', files: [pdf] },
  'DELETE /api/super-admin/contract-files/:fileId': { action: 'DELETE_CONTRACT_FILE', body: 'none' },
  'POST /api/super-admin/grades': {
    action: 'CREATE_GRADE',
    body: 'json',
    fields: (fx) => ({ schoolId: fx.schoolId, name: `Grade ${u()}`, level: 2, description: 'Two' }),
  },
  'PATCH /api/super-admin/grades/:id': {
    action: 'UPDATE_GRADE',
    body: 'json',
    fields: () => ({ name: `Grade ${u()}`, level: 3, description: 'Three', isActive: true }),
  },
  'POST /api/super-admin/sections': {
    action: 'CREATE_SECTION',
    body: 'json',
    fields: (fx) => ({ schoolId: fx.schoolId, gradeId: fx.gradeId, name: `Sec ${u()}`, capacity: 30, description: 'A' }),
  },
  'PATCH /api/super-admin/sections/:id': {
    action: 'UPDATE_SECTION',
    body: 'json',
    fields: (fx) => ({ name: `Sec ${u()}`, capacity: 40, gradeId: fx.gradeId, isActive: true }),
  },
  'POST /api/super-admin/systems': {
    action: 'CREATE_SYSTEM',
    body: 'multipart',
    fields: () => ({ name: `Sys ${u()}`, description: 'Reader', features: ['SMS', 'Gate'] }),
    files: [png('images')],
  },
  'PUT /api/super-admin/systems/:id': {
    action: 'UPDATE_SYSTEM',
    body: 'multipart',
    fields: () => ({ name: `Sys ${u()}`, description: 'Reader v2', features: ['SMS'], images: [] }),
    files: [png('images')],
  },
  'DELETE /api/super-admin/systems/:id': { action: 'DELETE_SYSTEM', body: 'none' },
  'DELETE /api/super-admin/systems/:id/images/:imageName': { action: 'REMOVE_SYSTEM_IMAGE', body: 'none' },
  'PATCH /api/super-admin/orders/:id/status': {
    action: 'UPDATE_ORDER_STATUS',
    body: 'json',
    fields: () => ({ status: 'confirmed' }),
  },
  'POST /api/super-admin/register-admin': {
    action: 'CREATE_ADMIN',
    body: 'multipart',
    fields: (fx) => ({
      email: `new${u()}@school.test`,
      password: 'Tamarind-Gate-42',
      firstName: 'New',
      lastName: 'Admin',
      employeeId: `E${u()}`,
      schoolId: fx.schoolId,
      phoneNumber: '+639171234567',
      permissions: { [fx.permission]: true },
    }),
    files: [png('profilePicture')],
  },
  'PATCH /api/super-admin/admins/:id': {
    action: 'UPDATE_ADMIN',
    body: 'multipart',
    fields: () => ({ firstName: `Changed${u()}`, newPassword: 'NewAdminPass1', department: 'IT', isActive: true }),
    files: [png('profilePicture')],
  },
  'DELETE /api/super-admin/admins/:id': { action: 'DELETE_ADMIN', body: 'none' },
  'PATCH /api/super-admin/admins/:id/permissions': {
    action: 'UPDATE_ADMIN_PERMISSIONS',
    body: 'json',
    fields: (fx) => ({ permissions: { [fx.permission]: true } }),
  },
  'POST /api/super-admin/register-student': {
    action: 'CREATE_STUDENT',
    body: 'multipart',
    fields: (fx) => ({
      firstName: 'New',
      lastName: 'Student',
      email: `student${u()}@school.test`,
      lrn: String(Date.now() * 10 + (seq % 10)).slice(-12),
      parentPhone: '0917 123 4567',
      schoolId: fx.schoolId,
      gradeId: fx.gradeId,
      sectionId: fx.sectionId,
    }),
    files: [png('profilePicture')],
  },
  'PATCH /api/super-admin/students/:id': {
    action: 'UPDATE_STUDENT',
    body: 'multipart',
    fields: () => ({ firstName: `Changed${u()}`, password: 'Quilt-Harbor-63', address: 'Somewhere' }),
    files: [png('profilePicture')],
  },
  'POST /api/super-admin/students/:id/archive': { action: 'ARCHIVE_STUDENT', body: 'json', fields: () => ({ reason: 'Moved' }) },
  'POST /api/super-admin/students/bulk-archive': {
    action: 'ARCHIVE_STUDENT',
    body: 'json',
    fields: (fx) => ({ ids: [fx.studentId], reason: 'End of year' }),
  },
  'POST /api/super-admin/students/:id/movement': {
    action: 'RECORD_LEARNER_MOVEMENT',
    body: 'json',
    fields: () => ({ kind: 'TRANSFERRED_IN', date: '2026-11-16', school: 'Rizal Central School' }),
  },
  'POST /api/super-admin/students/archive-matching': {
    action: 'ARCHIVE_STUDENTS_MATCHING',
    body: 'json',
    fields: (fx) => ({ filter: { schoolId: String(fx.schoolId), searchTerm: fx.studentLrn }, expected: 1, reason: 'Moved' }),
  },
  'POST /api/super-admin/students/message-matching': {
    action: 'MESSAGE_STUDENTS_MATCHING',
    body: 'json',
    fields: (fx) => ({
      filter: { schoolId: String(fx.schoolId), searchTerm: fx.studentLrn },
      expected: 1,
      message: 'School is closed tomorrow.',
      requestId: randomUUID(),
    }),
  },
  'POST /api/super-admin/archived-students/:id/restore': { action: 'RESTORE_STUDENT', body: 'none' },
  'POST /api/super-admin/archived-students/bulk-restore': {
    action: 'RESTORE_STUDENT',
    body: 'json',
    fields: (fx) => ({ ids: [fx.archivedStudentId] }),
  },
  'POST /api/super-admin/students/import/preview': {
    action: null,
    body: 'multipart',
    fields: (fx) => ({ schoolId: fx.schoolId }),
    files: [studentsCsv],
  },
  'POST /api/super-admin/students/import/commit': {
    action: 'IMPORT_STUDENTS',
    body: 'multipart',
    fields: (fx) => ({ schoolId: fx.schoolId }),
    files: [studentsCsv],
  },
  'POST /api/inquiries': inquiry,
  'POST /api/inquiries/': inquiry,
  'POST /api/inquiries/orders': {
    action: 'CREATE_ORDER',
    body: 'json',
    session: 'none',
    fields: (fx) => ({ email: 'buyer@example.com', systemId: fx.systemId, additionalNotes: 'Soon' }),
  },
  'DELETE /api/inquiries/:id': { action: 'DELETE_INQUIRY', body: 'none' },

  // Notifications.
  'POST /api/super-admin/sms-devices': {
    action: 'CREATE_SMS_DEVICE',
    body: 'json',
    fields: (fx) => ({
      name: `Gate ${u()}`,
      deviceName: 'Pixel 7',
      phoneNumber: '+639181234567',
      apiKey: `audit-key-${u()}`,
      schoolId: fx.schoolId,
    }),
  },
  'PUT /api/super-admin/sms-devices/:id': {
    action: 'UPDATE_SMS_DEVICE',
    body: 'json',
    fields: () => ({ name: `Renamed ${u()}`, dailyLimit: 100 }),
  },
  'DELETE /api/super-admin/sms-devices/:id': { action: 'DELETE_SMS_DEVICE', body: 'none' },
  'POST /api/super-admin/sms-devices/:id/test': {
    action: 'TEST_SMS_DEVICE',
    body: 'json',
    fields: () => ({ testPhoneNumber: '+639175550000' }),
  },
  'POST /api/super-admin/facebook-pages': {
    action: 'CREATE_FACEBOOK_PAGE',
    body: 'json',
    fields: (fx) => ({
      pageId: `8${Date.now()}${(seq += 1)}`,
      pageName: `Page ${u()}`,
      accessToken: `EAAB${u()}`,
      schoolId: fx.schoolId,
    }),
  },
  'PATCH /api/super-admin/facebook-pages/:id': {
    action: 'UPDATE_FACEBOOK_PAGE',
    body: 'json',
    fields: () => ({ pageName: `Renamed ${u()}` }),
  },
  'DELETE /api/super-admin/facebook-pages/:id': { action: 'DELETE_FACEBOOK_PAGE', body: 'none' },
  'POST /api/super-admin/facebook-pages/:id/test': { action: 'TEST_FACEBOOK_PAGE', body: 'none' },
  'POST /api/super-admin/device-claims/:id/resolve': {
    action: 'REFUSE_DEVICE_CLAIM',
    body: 'json',
    fields: () => ({ decision: 'REFUSE' }),
  },
  'POST /api/super-admin/students/:id/messenger-opt-in/links': { action: 'CREATE_MESSENGER_OPT_IN', body: 'none' },
  'DELETE /api/super-admin/students/:id/messenger-opt-in/binding': { action: 'UNBIND_PARENT_MESSENGER', body: 'none' },
  'POST /api/super-admin/facebook-pages/send-message': {
    action: 'SEND_FACEBOOK_TEST_MESSAGE',
    body: 'json',
    fields: (fx) => ({ recipientId: '24000001', message: 'Hello from the school', pageId: fx.pageId }),
  },
  'POST /api/super-admin/sms-history/messages': {
    action: 'SEND_CUSTOM_MESSAGE',
    body: 'json',
    fields: (fx) => ({ studentId: fx.studentId, message: 'School is closed tomorrow.' }),
  },
  'POST /api/super-admin/sms-history/:id/resend': { action: 'RESEND_UNCERTAIN_SMS', body: 'none' },
  'POST /api/super-admin/sms-history/:id/dismiss': { action: 'DISMISS_UNCERTAIN_SMS', body: 'none' },
  'POST /api/webhooks/sms': {
    // Sent and delivered receipts stay in SMS History only; a failure is logged.
    action: 'SMS_FAILED',
    body: 'json',
    session: 'none',
    fields: (fx) => ({
      type: 'message.send.failed',
      data: { request_id: fx.smsRequestId, timestamp: '2026-11-23T01:00:00Z', error_message: 'No signal' },
    }),
    sign: async () => ({
      authorization: `Bearer ${await gatewayToken(AUDIT_WEBHOOK.sms, 'https://school.test/api/webhooks/sms')}`,
    }),
  },
  'POST /api/webhooks/messenger': {
    action: 'CONNECT_PARENT_MESSENGER',
    body: 'json',
    session: 'none',
    fields: (fx) => ({
      object: 'page',
      entry: [{ id: fx.pageGraphId, messaging: [{ sender: { id: '24000002' }, referral: { ref: fx.messengerRef } }] }],
    }),
    sign: (raw) => ({
      'x-hub-signature-256': `sha256=${createHmac('sha256', AUDIT_WEBHOOK.messengerApp).update(raw).digest('hex')}`,
    }),
  },
};

/**
 * The school-admin console serves the super admin's routes on the admin's own school: the same valid
 * calls, made by an admin of the fixtures' school; plus its own sign-in, sign-out and password change.
 */
const SCHOOL_ADMIN_TWINS = [
  'POST /api/super-admin/register-student',
  'PATCH /api/super-admin/students/:id',
  'POST /api/super-admin/students/:id/archive',
  'POST /api/super-admin/students/bulk-archive',
  'POST /api/super-admin/students/:id/movement',
  'POST /api/super-admin/students/archive-matching',
  'POST /api/super-admin/students/message-matching',
  'POST /api/super-admin/archived-students/:id/restore',
  'POST /api/super-admin/archived-students/bulk-restore',
  'POST /api/super-admin/students/import/preview',
  'POST /api/super-admin/students/import/commit',
  'POST /api/super-admin/grades',
  'PATCH /api/super-admin/grades/:id',
  'POST /api/super-admin/sections',
  'PATCH /api/super-admin/sections/:id',
  'POST /api/super-admin/attendance/excuse',
  'POST /api/super-admin/sms-history/messages',
  // The school's settings and calendar.
  'PUT /api/super-admin/schools/:id/settings',
  'PUT /api/super-admin/schools/:id/calendar/school-year',
  'POST /api/super-admin/schools/:id/calendar/no-class-days',
  'DELETE /api/super-admin/schools/:id/calendar/no-class-days/:date',
  'POST /api/super-admin/schools/:id/school-year/rollover/preview',
  'POST /api/super-admin/schools/:id/school-year/rollover',
  'POST /api/super-admin/schools/:id/school-year/rollovers/:rolloverId/undo',
  // Corrections and the devices.
  'POST /api/super-admin/attendance/:id/correct',
  'POST /api/super-admin/rfid-readers',
  'PATCH /api/super-admin/rfid-readers/:id',
  'DELETE /api/super-admin/rfid-readers/:id',
  'POST /api/super-admin/rfid-readers/:id/rotate-token',
  'POST /api/super-admin/sms-devices',
  'PUT /api/super-admin/sms-devices/:id',
  'DELETE /api/super-admin/sms-devices/:id',
  'POST /api/super-admin/sms-devices/:id/test',
  'POST /api/super-admin/facebook-pages',
  'PATCH /api/super-admin/facebook-pages/:id',
  'DELETE /api/super-admin/facebook-pages/:id',
  'POST /api/super-admin/facebook-pages/:id/test',
  'POST /api/super-admin/facebook-pages/send-message',
  // A learner's guardian Messenger link.
  'POST /api/super-admin/students/:id/messenger-opt-in/links',
  'DELETE /api/super-admin/students/:id/messenger-opt-in/binding',
];
for (const key of SCHOOL_ADMIN_TWINS) {
  MUTATIONS[key.replace('/api/super-admin/', '/api/admin/')] = { ...MUTATIONS[key]!, session: 'schoolAdmin' };
}
MUTATIONS['POST /api/super-admin/sms-history/group-messages'] = {
  action: 'SEND_GROUP_MESSAGE',
  body: 'json',
  fields: (fx) => ({ gradeId: fx.gradeId, message: 'No classes on Friday.', requestId: randomUUID() }),
};
MUTATIONS['POST /api/admin/sms-history/group-messages'] = {
  action: 'SEND_GROUP_MESSAGE',
  body: 'json',
  session: 'schoolAdmin',
  fields: (fx) => ({ gradeId: fx.gradeId, message: 'No classes on Friday.', requestId: randomUUID() }),
};
// The school profile: the profile fields and the logo only.
MUTATIONS['PATCH /api/admin/schools/:id'] = {
  action: 'UPDATE_SCHOOL',
  body: 'multipart',
  session: 'schoolAdmin',
  fields: () => ({ name: `Renamed ${u()}`, contactNumber: '(02) 8123 4567' }),
  files: [png('logo')],
};
const noticeTemplates: MutationSpec = {
  action: 'UPDATE_NOTICE_TEMPLATES',
  body: 'json',
  fields: () => ({
    language: 'fil',
    templates: [{ language: 'fil', kind: 'CHECK_IN', text: `{name} ay dumating nang {time} (${u()}).` }],
  }),
};
MUTATIONS['PATCH /api/super-admin/schools/:id/notice-templates'] = noticeTemplates;
MUTATIONS['PATCH /api/admin/schools/:id/notice-templates'] = { ...noticeTemplates, session: 'schoolAdmin' };
// The one /login page's sign-in: the super admin's account here.
MUTATIONS['POST /api/login'] = { action: 'LOGIN', body: 'json', session: 'none', fields: () => ({ ...SUPER_ADMIN }) };
MUTATIONS['POST /api/admin/login'] = { action: 'LOGIN', body: 'json', session: 'none', fields: () => ({ ...SCHOOL_ADMIN }) };
MUTATIONS['POST /api/admin/logout'] = { action: 'LOGOUT', body: 'json', session: 'schoolAdmin', fields: () => ({}) };
MUTATIONS['POST /api/admin/change-password'] = {
  action: 'CHANGE_PASSWORD',
  body: 'json',
  session: 'schoolAdmin',
  fields: () => ({ currentPassword: SCHOOL_ADMIN.password, newPassword: 'BrandNew12345' }),
};

// Reveals ask for the caller's password; reset slips and password resets.
const reveal = (action: string, session: 'main' | 'schoolAdmin', password: string): MutationSpec => ({
  action,
  body: 'json',
  session,
  fields: () => ({ password }),
});
MUTATIONS['POST /api/super-admin/sms-devices/:id/api-key'] = reveal('REVEAL_SMS_DEVICE_KEY', 'main', SUPER_ADMIN.password);
MUTATIONS['POST /api/super-admin/facebook-pages/:id/access-token'] = reveal(
  'REVEAL_FACEBOOK_PAGE_TOKEN',
  'main',
  SUPER_ADMIN.password,
);
MUTATIONS['POST /api/admin/sms-devices/:id/api-key'] = reveal('REVEAL_SMS_DEVICE_KEY', 'schoolAdmin', SCHOOL_ADMIN.password);
MUTATIONS['POST /api/admin/facebook-pages/:id/access-token'] = reveal(
  'REVEAL_FACEBOOK_PAGE_TOKEN',
  'schoolAdmin',
  SCHOOL_ADMIN.password,
);
// The gate station: a pairing code, the page's pairing (no session), unpairing; an unknown card given to a learner.
MUTATIONS['POST /api/gate/pair'] = {
  action: 'PAIR_GATE_STATION',
  body: 'json',
  session: 'none',
  fields: (fx) => ({ code: fx.pairingCode }),
};
for (const base of ['/api/super-admin', '/api/admin']) {
  const session = base === '/api/admin' ? { session: 'schoolAdmin' as const } : {};
  MUTATIONS[`POST ${base}/rfid-readers/:id/pairing-code`] = { action: 'CREATE_GATE_PAIRING_CODE', body: 'none', ...session };
  MUTATIONS[`POST ${base}/rfid-readers/:id/unpair`] = { action: 'UNPAIR_GATE_STATION', body: 'none', ...session };
  MUTATIONS[`POST ${base}/rfid-taps/unknown/:id/assign`] = {
    action: 'ASSIGN_UNKNOWN_CARD',
    body: 'json',
    fields: (fx) => ({ studentId: fx.studentId }),
    ...session,
  };
}
MUTATIONS['POST /api/super-admin/students/:id/reset-slip'] = { action: 'ISSUE_RESET_SLIP', body: 'none' };
MUTATIONS['POST /api/admin/students/:id/reset-slip'] = { action: 'ISSUE_RESET_SLIP', body: 'none', session: 'schoolAdmin' };
MUTATIONS['POST /api/super-admin/admins/:id/reset-slip'] = { action: 'ISSUE_RESET_SLIP', body: 'none' };
MUTATIONS['POST /api/super-admin/students/:id/password-slip'] = { action: 'ISSUE_PASSWORD_SLIP', body: 'none' };
MUTATIONS['POST /api/admin/students/:id/password-slip'] = {
  action: 'ISSUE_PASSWORD_SLIP',
  body: 'none',
  session: 'schoolAdmin',
};
// Without SMTP the request only answers who resets the password: nothing stored, nothing logged.
MUTATIONS['POST /api/password-reset/request'] = {
  action: null,
  body: 'json',
  session: 'none',
  fields: () => ({ email: 'nobody@school.test' }),
};
MUTATIONS['POST /api/password-reset'] = {
  action: 'PASSWORD_RESET',
  body: 'json',
  session: 'none',
  fields: (fx) => ({ token: fx.resetToken, newPassword: `Fresh-Reset-${u()}-Pass` }),
};

/** Reads that need a query to be a valid call (the Messenger verify handshake). */
export const READ_QUERY: Record<string, string> = {
  'GET /api/super-admin/schools/:schoolId/sections/:sectionId/sf2': '?month=2026-11',
  'HEAD /api/super-admin/schools/:schoolId/sections/:sectionId/sf2': '?month=2026-11',
  'GET /api/super-admin/schools/:id/sf2.zip': '?month=2026-11',
  'HEAD /api/super-admin/schools/:id/sf2.zip': '?month=2026-11',
  'GET /api/webhooks/messenger': `?hub.mode=subscribe&hub.verify_token=${AUDIT_WEBHOOK.verify}&hub.challenge=42`,
  'HEAD /api/webhooks/messenger': `?hub.mode=subscribe&hub.verify_token=${AUDIT_WEBHOOK.verify}&hub.challenge=42`,
};

/**
 * Audited reveal routes: sending the stored secret back is what they are for (each call is logged). A learner's
 * generated password is answered once, for the guardian's slip (registering, a new slip).
 */
export const REVEAL_ROUTES = new Set([
  'POST /api/super-admin/register-student',
  'POST /api/admin/register-student',
  'POST /api/super-admin/students/:id/password-slip',
  'POST /api/admin/students/:id/password-slip',
  'POST /api/super-admin/sms-devices/:id/api-key',
  'POST /api/super-admin/facebook-pages/:id/access-token',
  'POST /api/admin/sms-devices/:id/api-key',
  'POST /api/admin/facebook-pages/:id/access-token',
]);

const ID_OF: Record<string, keyof Fixtures> = {
  schools: 'schoolId',
  grades: 'gradeId',
  sections: 'sectionId',
  systems: 'systemId',
  orders: 'orderId',
  admins: 'adminId',
  inquiries: 'inquiryId',
  students: 'studentId',
  'archived-students': 'archivedStudentId',
  'sms-devices': 'deviceId',
  'facebook-pages': 'pageId',
  'rfid-readers': 'readerId',
  attendance: 'attendanceId',
  'device-claims': 'claimId',
  // /students/jobs/:id (a job the main super admin started)
  jobs: 'jobId',
  // /rfid-taps/unknown/:id/assign
  unknown: 'unknownTapId',
  'sms-history': 'uncertainSmsId',
  // /api/student/messages/:id (another learner's message: the audit checks refusals and hostile ids there)
  messages: 'uncertainSmsId',
};
const NAMED: Record<string, keyof Fixtures> = {
  fileId: 'contractFileId',
  imageName: 'imageName',
  schoolId: 'schoolId',
  gradeId: 'gradeId',
  sectionId: 'sectionId',
  date: 'noClassDate',
  rolloverId: 'rolloverId',
};

/** The route's URL with every parameter naming a live record, except `replace` (raw, already encoded). */
export function fillUrl(url: string, fx: Fixtures, replace?: { param: string; value: string }): string {
  return url.replace(/:(\w+)/g, (_m, name: string, offset: number) => {
    if (replace?.param === name) return replace.value;
    const key =
      name === 'id'
        ? ID_OF[
            url
              .slice(0, offset - 1)
              .split('/')
              .pop()!
          ]
        : NAMED[name];
    if (!key) throw new Error(`audit: no fixture for :${name} in ${url} — add one to fillUrl`);
    return encodeURIComponent(String(fx[key]));
  });
}

export const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The valid call of a mutation route. */
export async function validRequest(route: AuditRoute, spec: MutationSpec, fx: Fixtures): Promise<InjectOptions> {
  await spec.prepare?.(fx);
  const base = { method: route.method as InjectOptions['method'], url: fillUrl(route.url, fx) };
  if (spec.body === 'none') return base;
  const fields = spec.fields?.(fx) ?? {};
  if (spec.body === 'json' && spec.sign) {
    const raw = JSON.stringify(fields);
    return { ...base, payload: raw, headers: { 'content-type': 'application/json', ...(await spec.sign(raw)) } };
  }
  if (spec.body === 'json') return { ...base, payload: fields };
  const data: Part[] = spec.fields ? [{ name: 'data', value: JSON.stringify(fields) }] : [];
  return { ...base, ...multipart([...data, ...(spec.files ?? [])]) };
}

/** A long string that also makes a backtracking e-mail pattern work quadratically. */
export const HUGE = `a@${'.'.repeat(100_000)}@`;
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const deepValue = (n: number): unknown => (n === 0 ? 'x' : { a: deepValue(n - 1) });

export const HOSTILE_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '%00',
  '%E0%A4%A',
  '1%20OR%201%3D1',
  '..%2F..%2Fapp.db',
  '1e3',
  '0x1F',
];

const WRONG_VALUES: Record<string, unknown> = {
  null: null,
  number: 123,
  negative: -1,
  fraction: 1.5,
  'huge number': 1e308,
  'long digits': '99999999999999999999',
  boolean: true,
  array: [],
  'array of text': ['a', 'b'],
  object: {},
  'operator object': { $gt: '' },
  'deep object': deepValue(500),
  empty: '',
  blank: '   ',
  'huge text': HUGE,
  NUL: 'a\u0000b',
  'SQL text': "x' OR '1'='1",
};

const RAW_JSON: Record<string, string> = {
  array: '[]',
  'array of objects': '[{"name":"x"}]',
  string: '"text"',
  null: 'null',
  number: '42',
  boolean: 'true',
  'empty object': '{}',
  'deep object': deep(5000),
  'deep array': `${'['.repeat(5000)}${']'.repeat(5000)}`,
  'proto key': '{"__proto__":{"isActive":false}}',
  constructor: '{"constructor":{"prototype":{"x":1}}}',
  malformed: '{"name":',
  unquoted: '{name: 1}',
  'trailing garbage': '{}x',
  empty: '',
  NUL: '{"name":"\\u0000"}',
  'lone surrogate': '{"name":"\\ud800"}',
  'over the body limit': JSON.stringify({ name: 'x'.repeat(1_200_000) }),
};

const CONTENT_TYPES: Array<[string, string]> = [
  ['text/plain', 'hello'],
  ['application/xml', '<a>1</a>'],
  ['application/x-www-form-urlencoded', 'name=x&schoolId=1'],
  ['application/json; charset=utf-16', '{}'],
  ['multipart/form-data', '--x\r\n\r\n--x--\r\n'],
  ['image/png', 'not a png'],
];

function multipartCases(fileFields: string[]): Array<[string, InjectOptions]> {
  const b = 'auditboundary';
  const ct = { 'content-type': `multipart/form-data; boundary=${b}` };
  const raw = (label: string, payload: string): [string, InjectOptions] => [label, { headers: ct, payload }];
  const mp = (label: string, parts: Part[]): [string, InjectOptions] => [label, multipart(parts)];
  const text = { filename: 'x.png', content: fixture('not-an-image.txt'), contentType: 'image/png' };
  const bigPng = Buffer.concat([fixture('pixel.png'), Buffer.alloc(3 * 1024 * 1024)]);
  return [
    raw('empty multipart body', ''),
    raw('multipart with only the closing boundary', `--${b}--\r\n`),
    raw('truncated multipart', `--${b}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"name":`),
    raw('multipart part without a name', `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`),
    mp('data part with invalid JSON', [{ name: 'data', value: '{"name":' }]),
    mp('data part that is an array', [{ name: 'data', value: '[1,2]' }]),
    mp('data part with __proto__', [{ name: 'data', value: '{"__proto__":{"isActive":false,"name":"x"}}' }]),
    mp('data part with a deep object', [{ name: 'data', value: deep(5000) }]),
    mp('huge plain field', [{ name: 'name', value: HUGE }]),
    mp('plain __proto__ field', [{ name: '__proto__', value: 'x' }]),
    mp('file under an unknown field', [{ name: 'whatever', ...text }]),
    ...fileFields.flatMap((name): Array<[string, InjectOptions]> => [
      mp(`${name}: text file claiming to be an image`, [{ name, ...text }]),
      mp(`${name}: empty file`, [{ name, filename: 'e.png', content: Buffer.alloc(0), contentType: 'image/png' }]),
      mp(`${name}: 3 MB image`, [{ name, filename: 'big.png', content: bigPng, contentType: 'image/png' }]),
    ]),
  ];
}

const QUERIES = [
  'schoolId=abc',
  'schoolId=99999999999999999999',
  'schoolId=%00',
  'schoolId=1&schoolId=2',
  'schoolId[]=1',
  'search=%00',
  `search=${'x'.repeat(20_000)}`,
  'page=-1&limit=abc',
  'page=99999999999999999999999&limit=100',
  'page=1e400&limit=1e400',
  'format=xml',
  'format=csv&page=0',
  'format=csv&action=%00&entity=%00&search=%00',
  'format=csv&startDate=2025-02-30',
  'format[]=csv',
  'sortBy=__proto__&sortOrder=drop',
  'sortBy=constructor&sortOrder[]=asc',
  'startDate=2025-02-30&endDate=x',
  'startDate=2025-12-31&endDate=2025-01-01',
  'userType=root&userId=abc',
  'userType=admin&userId=99999999999999999999',
  'action=%00&entity=%00',
  `action=${'A'.repeat(5000)}`,
  'includeInactive=%00',
  '__proto__[x]=1&constructor[prototype][x]=1',
];

/** Every hostile variant of one route. */
export function hostileCases(route: AuditRoute, spec: MutationSpec | undefined): Case[] {
  const method = route.method as InjectOptions['method'];
  const cases: Case[] = [];
  const add = (label: string, opts: (url: string, fx: Fixtures) => InjectOptions) =>
    cases.push({ label, opts: (fx) => ({ method, url: fillUrl(route.url, fx), ...opts(fillUrl(route.url, fx), fx) }) });
  for (const param of paramsOf(route.url)) {
    for (const value of HOSTILE_IDS) {
      const opts = (fx: Fixtures) => ({ method, url: fillUrl(route.url, fx, { param, value }) });
      cases.push({ label: `:${param}=${value}`, opts, mustFail: true });
    }
  }
  if (route.method === 'GET' || route.method === 'HEAD') {
    for (const q of QUERIES) add(`?${q.slice(0, 60)}`, (url) => ({ url: `${url}?${q}` }));
    return cases;
  }
  for (const [label, payload] of Object.entries(RAW_JSON)) {
    add(`JSON ${label}`, () => ({ headers: { 'content-type': 'application/json' }, payload }));
  }
  for (const [type, payload] of CONTENT_TYPES)
    add(`content-type ${type}`, () => ({ headers: { 'content-type': type }, payload }));
  const fileFields = [...new Set((spec?.files ?? []).map((f) => f.name))];
  for (const [label, opts] of multipartCases(fileFields)) add(label, () => opts);

  const fields = spec?.fields;
  if (!spec || !fields) return cases;
  const encode = (values: Record<string, unknown>) =>
    spec.body === 'multipart' ? multipart([{ name: 'data', value: JSON.stringify(values) }]) : { payload: values };
  for (const field of Object.keys(fields(FIELD_NAMES_ONLY))) {
    add(`${field} missing`, (_url, fx) => {
      const { [field]: _omitted, ...without } = fields(fx);
      return encode(without);
    });
    for (const [label, value] of Object.entries(WRONG_VALUES)) {
      add(`${field}: ${label}`, (_url, fx) => encode({ ...fields(fx), [field]: value }));
    }
  }
  return cases;
}

/** Enough of a Fixtures to list a payload's field names. */
const FIELD_NAMES_ONLY = new Proxy({} as Fixtures, { get: () => 1 });
