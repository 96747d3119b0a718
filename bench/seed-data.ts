/*
 * Row generators for `npm run bench:seed` (bench data only, never used by the product).
 * Deterministic for a given seed and "today": a seeded PRNG, rows emitted day by day in time order,
 * timestamps in the school time zone's school hours (weekdays), as the real system would write them.
 */
import { localDate, startOfLocalDay } from '../server/lib/time';
import type { Rng } from './lib';

export type Row = unknown[];
export interface TableRows {
  table: string;
  columns: string[];
  total: number;
  /** batches of rows, in insertion order */
  batches(): Generator<Row[]>;
}

const FIRST = ['Juan', 'Maria', 'Jose', 'Ana', 'Mark', 'Angel', 'John', 'Princess', 'Paolo', 'Kristine', 'Miguel', 'Andrea', 'Carlo', 'Nicole', 'Rafael', 'Camille', 'Gabriel', 'Patricia', 'Joshua', 'Bea', 'Luis', 'Isabel', 'Enzo', 'Sofia'];
const LAST = ['Dela Cruz', 'Santos', 'Reyes', 'Garcia', 'Mendoza', 'Bautista', 'Villanueva', 'Ramos', 'Castillo', 'Aquino', 'Navarro', 'Torres', 'Flores', 'Gonzales', 'Lopez', 'Cruz', 'Rivera', 'Soriano', 'Manalo', 'Pascual'];
const PLACES = ['San Isidro', 'Santa Rosa', 'Malolos', 'Batangas', 'Lipa', 'Tarlac', 'Dagupan', 'Iloilo', 'Bacolod', 'Cebu', 'Tagbilaran', 'Dumaguete', 'Cagayan', 'Davao', 'Iligan', 'Naga', 'Legazpi', 'Baguio', 'Vigan', 'Laoag'];
const KINDS: Array<[string, string]> = [['National High School', 'NHS'], ['Integrated School', 'IS'], ['Science High School', 'SHS'], ['Academy', 'A'], ['Catholic School', 'CS']];
const SECTION_NAMES = ['Rizal', 'Bonifacio', 'Mabini', 'Luna', 'Del Pilar', 'Jacinto', 'Silang', 'Aguinaldo'];
const AGENTS = ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1', 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile'];

export interface SeedPlan {
  rng: Rng;
  timeZone: string;
  now: Date;
  days: number;
  schools: number;
  students: number;
  attendance: number;
  sms: number;
  logs: number;
  passwordHash: string;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const phone = (n: number) => `09${pad(170000000 + n, 9)}`;

/** Every school day (Mon–Fri) of the window, oldest first, plus whether it is a weekday. */
function calendar(plan: SeedPlan): Array<{ date: string; start: number; weekday: boolean }> {
  const today = localDate(plan.now, plan.timeZone);
  const out: Array<{ date: string; start: number; weekday: boolean }> = [];
  for (let i = plan.days - 1; i >= 0; i--) {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10);
    const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
    out.push({ date, start: startOfLocalDay(date, plan.timeZone).getTime(), weekday: dow >= 1 && dow <= 5 });
  }
  return out;
}

/** Splits total over n buckets in proportion to weights, summing exactly to total. */
function quotas(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  return weights.map((w, i) => {
    const upto = i === weights.length - 1 ? total : Math.round((total * weights.slice(0, i + 1).reduce((a, b) => a + b, 0)) / sum);
    const q = upto - given;
    given = upto;
    return q;
  });
}

function* chunks<T>(items: Iterable<T>, size = 5000): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export function buildPlan(plan: SeedPlan): TableRows[] {
  const { rng, now } = plan;
  const iso = (ms: number) => new Date(ms).toISOString();
  const nowMs = now.getTime();
  const created = iso(nowMs - plan.days * 86_400_000);
  const cal = calendar(plan);
  const schoolDays = cal.filter((d) => d.weekday);
  const gradesPerSchool = 6;
  const sectionsPerGrade = 3;
  const schools = plan.schools;
  const admins = schools; // one school admin each (admin i runs school i)

  // Students per school: uneven sizes, as real schools are.
  const sizes = quotas(plan.students, Array.from({ length: schools }, () => 0.3 + rng.next() * 1.4));
  const studentSchool = new Int32Array(plan.students + 1);
  for (let s = 0, id = 1; s < schools; s++) for (let k = 0; k < sizes[s]!; k++) studentSchool[id++] = s + 1;
  const schoolName = (i: number) => `${PLACES[i % PLACES.length]} ${KINDS[Math.floor(i / PLACES.length) % KINDS.length]![0]}`;
  const acronym = (i: number) => {
    const words = PLACES[i % PLACES.length]!.split(' ').map((w) => w[0]).join('');
    return `${words}${KINDS[Math.floor(i / PLACES.length) % KINDS.length]![1]}${i + 1}`.slice(0, 10); // unique: ends with the id
  };
  const name = (n: number) => [FIRST[n % FIRST.length]!, LAST[Math.floor(n / FIRST.length) % LAST.length]!] as const;
  const at = (day: { start: number }, fromMin: number, toMin: number) => day.start + rng.int(fromMin * 60, toMin * 60) * 1000;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  const tables: TableRows[] = [
    {
      table: 'super_admins',
      columns: ['id', 'email', 'password_hash', 'first_name', 'last_name', 'access_level', 'is_active', 'created_at', 'updated_at'],
      total: 2,
      *batches() {
        yield [
          [1, 'bench-root@example.com', plan.passwordHash, 'Bench', 'Root', 3, 1, created, created],
          [2, 'bench-ops@example.com', plan.passwordHash, 'Olivia', 'Ops', 2, 1, created, created],
        ];
      },
    },
    {
      table: 'schools',
      columns: ['id', 'name', 'acronym', 'address', 'contact_number', 'email', 'student_count', 'contract_status', 'contract_type', 'contract_amount', 'is_active', 'created_at', 'updated_at'],
      total: schools,
      *batches() {
        yield range(schools).map((id) => [
          id, `${schoolName(id - 1)}${id > PLACES.length * KINDS.length ? ` ${Math.ceil(id / (PLACES.length * KINDS.length))}` : ''}`,
          acronym(id - 1), `${PLACES[(id - 1) % PLACES.length]}, Philippines`, phone(id), `office${id}@school.example.ph`,
          sizes[id - 1]! + 100, 'Active', 'Annual', 50000 + id * 250, rng.next() < 0.95 ? 1 : 0, created, created,
        ]);
      },
    },
    {
      table: 'grades',
      columns: ['id', 'school_id', 'name', 'level', 'is_active', 'created_at', 'updated_at'],
      total: schools * gradesPerSchool,
      *batches() {
        yield range(schools * gradesPerSchool).map((id) => {
          const level = 7 + ((id - 1) % gradesPerSchool);
          return [id, Math.ceil(id / gradesPerSchool), `Grade ${level}`, level, 1, created, created];
        });
      },
    },
    {
      table: 'sections',
      columns: ['id', 'school_id', 'grade_id', 'name', 'capacity', 'is_active', 'created_at', 'updated_at'],
      total: schools * gradesPerSchool * sectionsPerGrade,
      *batches() {
        yield range(schools * gradesPerSchool * sectionsPerGrade).map((id) => {
          const grade = Math.ceil(id / sectionsPerGrade);
          return [id, Math.ceil(grade / gradesPerSchool), grade, SECTION_NAMES[(id - 1) % SECTION_NAMES.length]!, 45, 1, created, created];
        });
      },
    },
    {
      table: 'admins',
      columns: ['id', 'email', 'password_hash', 'first_name', 'last_name', 'phone_number', 'employee_id', 'department', 'position', 'permissions', 'school_id', 'is_active', 'created_at', 'updated_at'],
      total: admins,
      *batches() {
        const perms = JSON.stringify({ VIEW_STUDENTS: true, MANAGE_STUDENTS: true, VIEW_ATTENDANCE: true, SEND_SMS: true });
        yield range(admins).map((id) => {
          const [f, l] = name(id * 7);
          return [id, `admin${id}@school.example.ph`, plan.passwordHash, f, l, phone(5000 + id), `EMP-${pad(id, 5)}`, 'Registrar', 'Administrator', perms, id, 1, created, created];
        });
      },
    },
    {
      table: 'rfid_readers',
      columns: ['id', 'name', 'location', 'school_id', 'token_hash', 'is_active', 'created_at', 'updated_at'],
      total: schools,
      *batches() {
        yield range(schools).map((id) => [id, `Gate ${id}`, 'Main gate', id, `bench-reader-${id}`, 1, created, created]);
      },
    },
    {
      table: 'sms_devices',
      columns: ['id', 'name', 'device_name', 'phone_number', 'api_key', 'school_id', 'status', 'daily_limit', 'is_default', 'created_at', 'updated_at'],
      total: schools,
      *batches() {
        yield range(schools).map((id) => [id, `SMS ${id}`, 'Samsung Galaxy A15', phone(9000 + id), `bench-key-${id}`, id, 'ACTIVE', 2000, id === 1 ? 1 : 0, created, created]);
      },
    },
    {
      table: 'students',
      columns: ['id', 'first_name', 'last_name', 'email', 'password_hash', 'lrn', 'gender', 'rfid_card_id', 'parent_first_name', 'parent_last_name', 'parent_phone', 'notification_preference', 'school_id', 'grade_id', 'section_id', 'archived_at', 'archive_reason', 'is_active', 'is_archived', 'created_at', 'updated_at'],
      total: plan.students,
      *batches() {
        yield* chunks(
          (function* () {
            for (let id = 1; id <= plan.students; id++) {
              const school = studentSchool[id]!;
              const grade = (school - 1) * gradesPerSchool + rng.int(1, gradesPerSchool);
              const section = (grade - 1) * sectionsPerGrade + rng.int(1, sectionsPerGrade);
              const [f, l] = name(id);
              const [pf] = name(id + 3);
              const archived = rng.next() < 0.02;
              const pref = rng.weighted([['SMS_ONLY', 85], ['BOTH', 10], ['FACEBOOK_MESSENGER_ONLY', 5]] as const);
              yield [
                id, f, l, `student${id}@students.example.ph`, plan.passwordHash, pad(100000000000 + id, 12), rng.pick(['MALE', 'FEMALE']),
                `CARD${pad(id, 8)}`, pf, l, phone(id), pref, school, grade, section, archived ? created : null,
                archived ? 'Transferred' : null, archived ? 0 : rng.next() < 0.01 ? 0 : 1, archived ? 1 : 0, created, created,
              ];
            }
          })(),
        );
      },
    },
  ];

  // Attendance: each school day, a distinct set of students taps in (exactly plan.attendance rows).
  const perDay = quotas(plan.attendance, schoolDays.map(() => 0.9 + rng.next() * 0.2));
  tables.push({
    table: 'attendance_records',
    columns: ['student_id', 'school_id', 'date', 'status', 'check_in_at', 'check_out_at', 'reader_id', 'card_id', 'created_at', 'updated_at'],
    total: plan.attendance,
    *batches() {
      for (const [i, day] of schoolDays.entries()) {
        const step = [7919, 7927, 7933, 7937, 7949, 7951][i % 6]!; // coprime with the student count → distinct students
        const first = rng.int(0, plan.students - 1);
        const rows: Row[] = [];
        for (let k = 0; k < Math.min(perDay[i]!, plan.students); k++) {
          const student = ((first + k * step) % plan.students) + 1;
          const school = studentSchool[student]!;
          const status = rng.weighted([['PRESENT', 82], ['LATE', 9], ['ABSENT', 6], ['EXCUSED', 3]] as const);
          const inAt = status === 'PRESENT' ? at(day, 390, 449) : status === 'LATE' ? at(day, 451, 540) : null;
          const outAt = inAt && at(day, 960, 1050);
          const createdAt = inAt ?? at(day, 1050, 1080);
          if (createdAt > nowMs) continue;
          rows.push([
            student, school, day.date, status, inAt && iso(inAt), outAt && outAt <= nowMs ? iso(outAt) : null,
            inAt ? school : null, inAt ? `CARD${pad(student, 8)}` : null, iso(createdAt), iso(outAt && outAt <= nowMs ? outAt : createdAt),
          ]);
        }
        rows.sort((a, b) => (a[8] as string).localeCompare(b[8] as string));
        yield* chunks(rows);
      }
    },
  });

  // Notifications: check-in/out, late and absence messages to parents, some custom ones from school admins.
  const smsPerDay = quotas(plan.sms, schoolDays.map(() => 0.9 + rng.next() * 0.2));
  tables.push({
    table: 'sms_notifications',
    columns: ['student_id', 'school_id', 'type', 'channel', 'message', 'phone_number', 'status', 'failure_reason', 'sent_at', 'delivered_at', 'device_id', 'sender_role', 'sender_id', 'created_at', 'updated_at'],
    total: plan.sms,
    *batches() {
      for (const [i, day] of schoolDays.entries()) {
        const rows: Row[] = [];
        for (let k = 0; k < smsPerDay[i]!; k++) {
          const student = rng.int(1, plan.students);
          const school = studentSchool[student]!;
          const type = rng.weighted([['CHECK_IN', 44], ['CHECK_OUT', 38], ['LATE_ARRIVAL', 8], ['ABSENCE', 6], ['CUSTOM', 4]] as const);
          const window = { CHECK_IN: [390, 450], CHECK_OUT: [960, 1050], LATE_ARRIVAL: [451, 540], ABSENCE: [540, 600], CUSTOM: [480, 1020] }[type];
          const t = at(day, window[0]!, window[1]!);
          if (t > nowMs) continue;
          const status = rng.weighted([['DELIVERED', 72], ['SENT', 18], ['FAILED', 6], ['PENDING', 4]] as const);
          const sent = status === 'DELIVERED' || status === 'SENT' ? t + rng.int(1, 30) * 1000 : null;
          const delivered = status === 'DELIVERED' && sent ? sent + rng.int(1, 90) * 1000 : null;
          const [f, l] = name(student);
          const message = type === 'CUSTOM' ? 'Reminder: Parent-teacher conference on Friday, 2 PM.' : `${type.replace('_', ' ')}: ${f} ${l} at ${new Date(t).toISOString().slice(11, 16)} UTC.`;
          rows.push([
            student, school, type, 'SMS', message, phone(student), status, status === 'FAILED' ? 'Gateway timeout' : null,
            sent && iso(sent), delivered && iso(delivered), school, type === 'CUSTOM' ? 'ADMIN' : null, type === 'CUSTOM' ? school : null,
            iso(t), iso(delivered ?? sent ?? t),
          ]);
        }
        rows.sort((a, b) => (a[13] as string).localeCompare(b[13] as string));
        yield* chunks(rows);
      }
    },
  });

  // System log: sign-ins and the edits of school admins and super admins, fewer on weekends.
  const logsPerDay = quotas(plan.logs, cal.map((d) => (d.weekday ? 1 : 0.15)));
  const ACTIONS = [
    ['LOGIN', 'SuperAdmin', 26], ['LOGOUT', 'SuperAdmin', 16], ['LOGIN_FAILED', 'SuperAdmin', 2], ['UPDATE_STUDENT', 'Student', 18],
    ['CREATE_STUDENT', 'Student', 10], ['ARCHIVE_STUDENT', 'Student', 1], ['RESTORE_STUDENT', 'Student', 0.3], ['SEND_SMS', 'Notification', 9],
    ['UPDATE_ATTENDANCE', 'Attendance', 6], ['UPDATE_SCHOOL', 'School', 2], ['CREATE_SECTION', 'Section', 1], ['UPDATE_GRADE', 'Grade', 1],
    ['UPDATE_ADMIN', 'Admin', 3], ['UPDATE_ADMIN_PERMISSIONS', 'Admin', 1], ['CREATE_ADMIN', 'Admin', 0.5], ['UPDATE_PROFILE', 'SuperAdmin', 1],
    ['UPDATE_SMS_DEVICE', 'SmsDevice', 0.7], ['CREATE_INQUIRY', 'Inquiry', 1.5],
  ] as const;
  tables.push({
    table: 'system_logs',
    columns: ['created_at', 'action', 'entity', 'entity_id', 'details', 'user_role', 'user_id', 'performed_by', 'ip', 'user_agent'],
    total: plan.logs,
    *batches() {
      for (const [i, day] of cal.entries()) {
        const rows: Row[] = [];
        for (let k = 0; k < logsPerDay[i]!; k++) {
          const t = at(day, 420, 1140);
          if (t > nowMs) continue;
          const [action, entity] = rng.weighted(ACTIONS.map(([a, e, w]) => [[a, e] as const, w] as const));
          const role = action === 'CREATE_INQUIRY' ? 'PUBLIC' : rng.next() < 0.8 ? 'ADMIN' : 'SUPER_ADMIN';
          const userId = role === 'ADMIN' ? rng.int(1, admins) : role === 'SUPER_ADMIN' ? rng.int(1, 2) : null;
          const [f, l] = role === 'ADMIN' ? name(userId! * 7) : role === 'SUPER_ADMIN' ? (userId === 1 ? ['Bench', 'Root'] : ['Olivia', 'Ops']) : ['Public', 'visitor'];
          const entityId = entity === 'Student' || entity === 'Notification' ? rng.int(1, plan.students) : rng.int(1, schools);
          const details = action.startsWith('UPDATE') ? JSON.stringify({ changes: { phoneNumber: { from: phone(k), to: phone(k + 1) } } }) : null;
          rows.push([
            iso(t), action, role === 'ADMIN' && entity === 'SuperAdmin' ? 'Admin' : entity, String(entityId), details, role, userId,
            JSON.stringify({ name: `${f} ${l}`, email: userId ? `user${userId}@school.example.ph` : null, employeeId: role === 'ADMIN' ? `EMP-${pad(userId!, 5)}` : null, lrn: null }),
            `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, rng.pick(AGENTS),
          ]);
        }
        rows.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
        yield* chunks(rows);
      }
    },
  });
  return tables;
}
