/*
 * bench:seed — what happens every day: attendance records (a distinct set of students taps in each
 * school day), parent notifications, and the system log (sign-ins and edits; fewer on weekends).
 * Emitted day by day in time order, at school hours in the school time zone, never after "now".
 */
import { at, chunks, cols, iso, pad, personName, phone, quotas, type Row, type TableRows, type World } from './seed-data';

/** Step through the students that is coprime with any realistic count: a day's tappers are all distinct. */
const STEPS = [7919, 7927, 7933, 7937, 7949, 7951];

function* attendance(w: World, perDay: number[]): Generator<Row[]> {
  const { plan, rng, nowMs } = w;
  for (const [i, day] of w.schoolDays.entries()) {
    const first = rng.int(0, plan.students - 1);
    const rows: Row[] = [];
    for (let k = 0; k < Math.min(perDay[i]!, plan.students); k++) {
      const student = ((first + k * STEPS[i % STEPS.length]!) % plan.students) + 1;
      const school = w.studentSchool[student]!;
      const status = rng.weighted([
        ['PRESENT', 82],
        ['LATE', 9],
        ['ABSENT', 6],
        ['EXCUSED', 3],
      ] as const);
      const checkIn = status === 'PRESENT' ? at(rng, day, 390, 449) : status === 'LATE' ? at(rng, day, 451, 540) : null;
      const out = checkIn ? at(rng, day, 960, 1050) : null;
      const checkOut = out && out <= nowMs ? out : null;
      const createdAt = checkIn ?? at(rng, day, 1050, 1080); // absences are marked after classes
      if (createdAt > nowMs) continue;
      const card = checkIn ? `CARD${pad(student, 8)}` : null;
      // prettier-ignore
      rows.push([student, school, day.date, status, checkIn && iso(checkIn), checkOut && iso(checkOut), checkIn ? school : null, card, iso(createdAt), iso(checkOut ?? createdAt)]);
    }
    rows.sort((a, b) => (a[8] as string).localeCompare(b[8] as string));
    yield* chunks(rows);
  }
}

const SMS_WINDOWS = {
  CHECK_IN: [390, 450],
  CHECK_OUT: [960, 1050],
  LATE_ARRIVAL: [451, 540],
  ABSENCE: [540, 600],
  CUSTOM: [480, 1020],
};

function* notifications(w: World, perDay: number[]): Generator<Row[]> {
  const { plan, rng, nowMs } = w;
  for (const [i, day] of w.schoolDays.entries()) {
    const rows: Row[] = [];
    for (let k = 0; k < perDay[i]!; k++) {
      const student = rng.int(1, plan.students);
      const school = w.studentSchool[student]!;
      const type = rng.weighted([
        ['CHECK_IN', 44],
        ['CHECK_OUT', 38],
        ['LATE_ARRIVAL', 8],
        ['ABSENCE', 6],
        ['CUSTOM', 4],
      ] as const);
      const t = at(rng, day, SMS_WINDOWS[type][0]!, SMS_WINDOWS[type][1]!);
      if (t > nowMs) continue;
      const status = rng.weighted([
        ['DELIVERED', 72],
        ['SENT', 18],
        ['FAILED', 6],
        ['PENDING', 4],
      ] as const);
      const sent = status === 'DELIVERED' || status === 'SENT' ? t + rng.int(1, 30) * 1000 : null;
      const delivered = status === 'DELIVERED' && sent ? sent + rng.int(1, 90) * 1000 : null;
      const [first, last] = personName(student);
      const message =
        type === 'CUSTOM'
          ? 'Reminder: Parent-teacher conference on Friday, 2 PM.'
          : `${type.replace('_', ' ')}: ${first} ${last} at ${new Date(t).toISOString().slice(11, 16)} UTC.`;
      const failure = status === 'FAILED' ? 'Gateway timeout' : null;
      const sender = type === 'CUSTOM' ? ['ADMIN', school] : [null, null];
      // prettier-ignore
      rows.push([student, school, type, 'SMS', message, phone(student), status, failure, sent && iso(sent), delivered && iso(delivered), school, ...sender, iso(t), iso(delivered ?? sent ?? t)]);
    }
    rows.sort((a, b) => (a[13] as string).localeCompare(b[13] as string));
    yield* chunks(rows);
  }
}

const ACTIONS = [
  ['LOGIN', 'SuperAdmin', 26],
  ['LOGOUT', 'SuperAdmin', 16],
  ['LOGIN_FAILED', 'SuperAdmin', 2],
  ['UPDATE_STUDENT', 'Student', 18],
  ['CREATE_STUDENT', 'Student', 10],
  ['ARCHIVE_STUDENT', 'Student', 1],
  ['RESTORE_STUDENT', 'Student', 0.3],
  ['SEND_SMS', 'Notification', 9],
  ['UPDATE_ATTENDANCE', 'Attendance', 6],
  ['UPDATE_SCHOOL', 'School', 2],
  ['CREATE_SECTION', 'Section', 1],
  ['UPDATE_GRADE', 'Grade', 1],
  ['UPDATE_ADMIN', 'Admin', 3],
  ['UPDATE_ADMIN_PERMISSIONS', 'Admin', 1],
  ['CREATE_ADMIN', 'Admin', 0.5],
  ['UPDATE_PROFILE', 'SuperAdmin', 1],
  ['UPDATE_SMS_DEVICE', 'SmsDevice', 0.7],
  ['CREATE_INQUIRY', 'Inquiry', 1.5],
] as const;
const WEIGHTED_ACTIONS = ACTIONS.map(([action, entity, weight]) => [[action, entity], weight] as const);
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1',
  'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile',
];
const SUPER_ADMINS = [
  ['Bench', 'Root'],
  ['Olivia', 'Ops'],
] as const;

function* systemLog(w: World, perDay: number[]): Generator<Row[]> {
  const { plan, rng, nowMs } = w;
  for (const [i, day] of w.calendar.entries()) {
    const rows: Row[] = [];
    for (let k = 0; k < perDay[i]!; k++) {
      const t = at(rng, day, 420, 1140);
      if (t > nowMs) continue;
      const [action, entity] = rng.weighted(WEIGHTED_ACTIONS);
      const role = action === 'CREATE_INQUIRY' ? 'PUBLIC' : rng.next() < 0.8 ? 'ADMIN' : 'SUPER_ADMIN';
      const userId = role === 'ADMIN' ? rng.int(1, plan.schools) : role === 'SUPER_ADMIN' ? rng.int(1, 2) : null;
      const [first, last] =
        role === 'ADMIN' ? personName(userId! * 7) : role === 'SUPER_ADMIN' ? SUPER_ADMINS[userId! - 1]! : ['Public', 'visitor'];
      const performedBy = JSON.stringify({
        name: `${first} ${last}`,
        email: userId ? `user${userId}@school.example.ph` : null,
        employeeId: role === 'ADMIN' ? `EMP-${pad(userId!, 5)}` : null,
        lrn: null,
      });
      const entityId = entity === 'Student' || entity === 'Notification' ? rng.int(1, plan.students) : rng.int(1, plan.schools);
      const details = action.startsWith('UPDATE')
        ? JSON.stringify({ changes: { phoneNumber: { from: phone(k), to: phone(k + 1) } } })
        : null;
      const ip = `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
      const shownEntity = role === 'ADMIN' && entity === 'SuperAdmin' ? 'Admin' : entity;
      rows.push([iso(t), action, shownEntity, String(entityId), details, role, userId, performedBy, ip, rng.pick(AGENTS)]);
    }
    rows.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
    yield* chunks(rows);
  }
}

/** Weights per day around 1 (±10%), so days differ as real ones do. */
const jitter = (w: World, days: unknown[]) => days.map(() => 0.9 + w.rng.next() * 0.2);

export function eventTables(w: World): TableRows[] {
  const { plan } = w;
  const attendancePerDay = quotas(plan.attendance, jitter(w, w.schoolDays));
  const smsPerDay = quotas(plan.sms, jitter(w, w.schoolDays));
  const logsPerDay = quotas(
    plan.logs,
    w.calendar.map((d) => (d.weekday ? 1 : 0.15)),
  );
  return [
    {
      table: 'attendance_records',
      columns: cols('student_id school_id date status check_in_at check_out_at reader_id card_id created_at updated_at'),
      total: plan.attendance,
      batches: () => attendance(w, attendancePerDay),
    },
    {
      table: 'sms_notifications',
      columns: cols(`student_id school_id type channel message phone_number status failure_reason sent_at delivered_at device_id
        sender_role sender_id created_at updated_at`),
      total: plan.sms,
      batches: () => notifications(w, smsPerDay),
    },
    {
      table: 'system_logs',
      columns: cols('created_at action entity entity_id details user_role user_id performed_by ip user_agent'),
      total: plan.logs,
      batches: () => systemLog(w, logsPerDay),
    },
  ];
}
