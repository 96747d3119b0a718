/*
 * bench:seed — the entities: super admins, schools with grades and sections, one admin, RFID reader and
 * SMS device per school, and the students (about 2% archived, 1% inactive).
 */
import { chunks, cols, ids, pad, personName, phone, type TableRows, type World } from './seed-data';
import { searchTerms } from '@domain/students';

const PLACES =
  'San Isidro|Santa Rosa|Malolos|Batangas|Lipa|Tarlac|Dagupan|Iloilo|Bacolod|Cebu|Tagbilaran|Dumaguete|Cagayan|Davao|Iligan|Naga|Legazpi|Baguio|Vigan|Laoag'.split(
    '|',
  );
const KINDS = [
  ['National High School', 'NHS'],
  ['Integrated School', 'IS'],
  ['Science High School', 'SHS'],
  ['Academy', 'A'],
  ['Catholic School', 'CS'],
] as const;
const SECTION_NAMES = 'Rizal|Bonifacio|Mabini|Luna|Del Pilar|Jacinto|Silang|Aguinaldo'.split('|');

/** 'Santa Rosa Integrated School' (+ ' 2' … when the combinations run out) and a unique acronym 'SRIS22'. */
function schoolNames(id: number): [name: string, acronym: string] {
  const i = id - 1;
  const place = PLACES[i % PLACES.length]!;
  const [kind, short] = KINDS[Math.floor(i / PLACES.length) % KINDS.length]!;
  const round = Math.floor(i / (PLACES.length * KINDS.length));
  const initials = place
    .split(' ')
    .map((w) => w[0])
    .join('');
  return [`${place} ${kind}${round ? ` ${round + 1}` : ''}`, `${initials}${short}${id}`.slice(0, 10)];
}

export function entityTables(w: World): TableRows[] {
  const { plan, rng, created } = w;
  const stamp = [created, created];
  const one = (table: string, columns: string, rows: unknown[][]): TableRows => ({
    table,
    columns: cols(columns),
    total: rows.length,
    batches: () => [rows],
  });
  const grades = plan.schools * w.gradesPerSchool;
  const sections = grades * w.sectionsPerGrade;
  const permissions = JSON.stringify({ VIEW_STUDENTS: true, MANAGE_STUDENTS: true, VIEW_ATTENDANCE: true, SEND_SMS: true });

  return [
    one('super_admins', 'id email password_hash first_name last_name access_level is_active created_at updated_at', [
      [1, 'bench-root@example.com', plan.passwordHash, 'Bench', 'Root', 3, 1, ...stamp],
      [2, 'bench-ops@example.com', plan.passwordHash, 'Olivia', 'Ops', 2, 1, ...stamp],
    ]),
    one(
      'schools',
      'id name acronym address contact_number email student_count contract_status contract_type contract_amount is_active created_at updated_at',
      ids(plan.schools).map((id) => {
        const [name, acronym] = schoolNames(id);
        const address = `${PLACES[(id - 1) % PLACES.length]}, Philippines`;
        const capacity = w.schoolSizes[id - 1]! + 100;
        const active = rng.next() < 0.95 ? 1 : 0;
        return [
          id,
          name,
          acronym,
          address,
          phone(id),
          `office${id}@school.example.ph`,
          capacity,
          'Active',
          'Annual',
          50000 + id * 250,
          active,
          ...stamp,
        ];
      }),
    ),
    one(
      'grades',
      'id school_id name level is_active created_at updated_at',
      ids(grades).map((id) => {
        const level = 7 + ((id - 1) % w.gradesPerSchool);
        return [id, Math.ceil(id / w.gradesPerSchool), `Grade ${level}`, level, 1, ...stamp];
      }),
    ),
    one(
      'sections',
      'id school_id grade_id name capacity is_active created_at updated_at',
      ids(sections).map((id) => {
        const grade = Math.ceil(id / w.sectionsPerGrade);
        return [
          id,
          Math.ceil(grade / w.gradesPerSchool),
          grade,
          SECTION_NAMES[(id - 1) % SECTION_NAMES.length]!,
          45,
          1,
          ...stamp,
        ];
      }),
    ),
    one(
      'admins',
      'id email password_hash first_name last_name phone_number employee_id department position permissions school_id is_active created_at updated_at',
      ids(plan.schools).map((id) => {
        const [first, last] = personName(id * 7);
        const email = `admin${id}@school.example.ph`;
        return [
          id,
          email,
          plan.passwordHash,
          first,
          last,
          phone(5000 + id),
          `EMP-${pad(id, 5)}`,
          'Registrar',
          'Administrator',
          permissions,
          id,
          1,
          ...stamp,
        ];
      }),
    ),
    one(
      'rfid_readers',
      'id name location school_id token_hash is_active created_at updated_at',
      ids(plan.schools).map((id) => [id, `Gate ${id}`, 'Main gate', id, `bench-reader-${id}`, 1, ...stamp]),
    ),
    // Unpaced (rate 0, httpSMS's "no limit", which the API never sets): the stand-in gateway has no phone behind it,
    // and the benches measure the engine's cost per message, not a phone's pace.
    one(
      'sms_devices',
      'id name device_name phone_number api_key school_id status daily_limit is_default send_rate_per_minute created_at updated_at',
      ids(plan.schools).map((id) => [
        id,
        `SMS ${id}`,
        'Samsung Galaxy A15',
        phone(9000 + id),
        `bench-key-${id}`,
        id,
        'ACTIVE',
        2000,
        id === 1 ? 1 : 0,
        0,
        ...stamp,
      ]),
    ),
    {
      table: 'students',
      columns:
        cols(`id first_name last_name email password_hash lrn gender rfid_card_id archived_rfid_card_id parent_first_name parent_last_name
        parent_phone notification_preference school_id grade_id section_id archived_at archive_reason is_active is_archived created_at updated_at`),
      total: plan.students,
      batches: () => chunks(students(w)),
    },
    {
      // The words a list search matches (searchTerms, the app's own rule).
      table: 'student_search_terms',
      columns: ['student_id', 'term'],
      total: plan.students * 5,
      batches: () => chunks(searchTermRows(plan.students)),
    },
  ];
}

function* searchTermRows(count: number): Generator<unknown[]> {
  for (let id = 1; id <= count; id++) {
    const [firstName, lastName] = personName(id);
    for (const term of searchTerms({ firstName, lastName, email: studentEmail(id), lrn: studentLrn(id) })) yield [id, term];
  }
}

const studentEmail = (id: number) => `student${id}@students.example.ph`;
const studentLrn = (id: number) => pad(100000000000 + id, 12);

function* students(w: World): Generator<unknown[]> {
  const { plan, rng, created } = w;
  for (let id = 1; id <= plan.students; id++) {
    const school = w.studentSchool[id]!;
    const grade = (school - 1) * w.gradesPerSchool + rng.int(1, w.gradesPerSchool);
    const section = (grade - 1) * w.sectionsPerGrade + rng.int(1, w.sectionsPerGrade);
    const [first, last] = personName(id);
    const [parentFirst] = personName(id + 3);
    const archived = rng.next() < 0.02;
    const active = archived ? 0 : rng.next() < 0.01 ? 0 : 1;
    const preference = rng.weighted([
      ['SMS_ONLY', 85],
      ['BOTH', 10],
      ['FACEBOOK_MESSENGER_ONLY', 5],
    ] as const);
    // prettier-ignore
    yield [
      id, first, last, studentEmail(id), plan.passwordHash, studentLrn(id), rng.pick(['MALE', 'FEMALE']),
      // An archived student's card is parked (migration 0005), free for another student.
      archived ? null : `CARD${pad(id, 8)}`, archived ? `CARD${pad(id, 8)}` : null, parentFirst, last, phone(id), preference, school, grade, section,
      archived ? created : null, archived ? 'Transferred' : null, active, archived ? 1 : 0, created, created,
    ];
  }
}
