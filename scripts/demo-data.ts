import { randomBytes } from 'node:crypto';
import type { DB } from '@core/db/index';
import type { SecretBox } from '@core/secrets/secrets';
import type { Actor } from '@core/audit-log';
import { putAttendanceSettings } from '../server/features/attendance/service';
import { createReader } from '../server/features/rfid/readers';
import { createSmsDevice } from '../server/features/devices/sms-devices';
import { systemClock } from '@core/time/clock';
import { saveSearchTerms } from '../server/features/students/search';
import { normalizeCardUid } from '@shared/card-uid';
import { hashPassword } from '@core/auth/passwords';
import { attendanceSettingsSchema } from '@domain/attendance';
import { readerCreateSchema } from '@domain/rfid';
import { localDate } from '@core/time/time';
import { demoBirthDate, demoSchoolYear, seedSchoolYear, type DemoYear } from './demo-year';

/**
 * The demo data set of `npm run demo`: two schools, grades, sections, students with RFID cards, a school admin who signs in,
 * two HTTP readers per school, and SMS devices: SJNHS has enough phones for its morning rush, RES one phone at httpSMS's
 * default pace, too few, so its messages wait at the phone (the demo's stand-in gateway paces each one). Readers, attendance settings and devices go through their services
 * (tokens hashed, device keys encrypted, system log written, as from the console); the few students are written
 * straight, with their search terms, since registering them would only time scrypt hashes of passwords nobody uses.
 * Its DepEd forms are complete (scripts/demo-year.ts): School IDs, heads and the school year, section advisers,
 * learners' birth and enrolment dates, the year's attendance so far and each kind of learner movement.
 */
const SCHOOLS = [
  {
    name: 'San Jose National High School',
    acronym: 'SJNHS',
    depedSchoolId: '305976',
    schoolHeadName: 'Dr. Rosalinda M. Evangelista',
    movements: { transferredInFrom: 'Bagong Silang National High School', transferredOutTo: 'Quezon City Science High School' },
    place: { barangay: 'San Jose', municipality: 'Antipolo City', province: 'Rizal', motherTongue: 'Tagalog' },
    phones: { count: 3, perMinute: 20 },
  },
  {
    name: 'Rizal Elementary School',
    acronym: 'RES',
    depedSchoolId: '108412',
    schoolHeadName: 'Wilfredo A. Manalo',
    movements: { transferredInFrom: 'Mabini Elementary School', transferredOutTo: 'Pedro Guevara Memorial Elementary School' },
    place: { barangay: 'Poblacion', municipality: 'Tanay', province: 'Rizal', motherTongue: 'Tagalog' },
    phones: { count: 1, perMinute: 10 },
  },
];
/** The class advisers, a school's four sections in order (they sign SF2; SF4 names them). */
const ADVISERS = [
  ['Ma. Lourdes P. Villanueva', 'Rodolfo C. Magbanua', 'Erlinda S. Dimaculangan', 'Arnel T. Pascual'],
  ['Josefina R. Lacson', 'Danilo M. Macaraeg', 'Rosario D. Buenaventura', 'Ernesto G. Sison'],
];
const HANDSETS = ['Samsung Galaxy A14', 'Xiaomi Redmi 12', 'Realme C55'];
/** First names, a girl's then a boy's (their sex, which School Form 2 needs, follows the index). */
const FIRST = [
  'Maria',
  'Juan',
  'Andrea',
  'Miguel',
  'Sofia',
  'Gabriel',
  'Isabella',
  'Rafael',
  'Camille',
  'Joshua',
  'Angela',
  'Paolo',
];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Villanueva', 'Ramos', 'Aquino'];
const PER_SECTION = 8;
const FATHERS = ['Roberto', 'Eduardo', 'Ramon', 'Antonio', 'Fernando', 'Ricardo', 'Manuel'];
const MOTHERS = ['Teresita', 'Marites', 'Gloria', 'Corazon', 'Leonora', 'Evelyn', 'Rowena'];
const RELIGIONS = ['Roman Catholic', 'Roman Catholic', 'Roman Catholic', 'Iglesia ni Cristo', 'Born Again Christian', 'Islam'];

/** What the School Register (SF1) prints of a demo learner beyond the record: home, family, mother tongue, religion. */
function registerOf(place: (typeof SCHOOLS)[number]['place'], n: number, lastName: string) {
  const mother = MOTHERS[n % MOTHERS.length]!;
  return {
    address: `${((n * 13) % 200) + 1} ${['Mabini', 'Rizal', 'Bonifacio', 'Luna'][n % 4]} St.`,
    barangay: place.barangay,
    municipality: place.municipality,
    province: place.province,
    motherTongue: n % 9 === 4 ? 'Bikol' : place.motherTongue,
    // One learner in nine is of an indigenous people (SF1's IP column).
    ethnicGroup: n % 9 === 7 ? 'Dumagat' : null,
    religion: RELIGIONS[n % RELIGIONS.length]!,
    fatherName: `${FATHERS[n % FATHERS.length]} ${lastName}`,
    motherMaidenName: `${mother} ${LAST[(n * 5 + 2) % LAST.length]}`,
    // The guardian the school writes to: the mother, her name on the record's parent fields.
    parentFirstName: mother,
    guardianRelationship: 'Mother',
  };
}
export const DEMO_LATE_CUTOFF = '07:45';

export interface DemoStudent {
  id: number;
  name: string;
  card: string;
}

export interface DemoReader {
  id: number;
  name: string;
  /** The reader's token (shown once by the service; the database keeps only its hash). */
  token: string;
  /** The cards that come through this gate. */
  cards: string[];
}

/** A school's SMS phone: its device record's number, and the messages a minute its httpSMS app sends. */
export interface DemoPhone {
  number: string;
  perMinute: number;
}

export interface DemoSchool {
  id: number;
  acronym: string;
  phones: DemoPhone[];
  timeZone: string;
  lateCutoff: string;
  students: DemoStudent[];
  readers: DemoReader[];
  /** The school's admin: signs in at /login to the school-admin console with every permission. */
  admin: { email: string; password: string };
  /** The school year its forms are made for. */
  year: DemoYear;
}

const SEED: Actor = { role: 'SYSTEM', userId: null, name: 'Demo seed' };

/** `start`: the demo's clock at the start; its date picks the school year, whose days before it are seeded. */
export async function seedDemo(
  db: DB,
  secrets: SecretBox,
  deviceKey: string,
  timeZone: string,
  start: Date,
  scryptCost: number,
): Promise<DemoSchool[]> {
  const allPermissions = (await db.selectFrom('permissions').select('name').execute()).map((p) => [p.name, true]);
  const now = start.toISOString();
  const year = demoSchoolYear(localDate(start, timeZone));
  const schools: DemoSchool[] = [];
  let n = 0;
  for (const [si, { phones: plan, movements, place, ...school }] of SCHOOLS.entries()) {
    const { id: schoolId } = await db
      .insertInto('schools')
      .values({
        ...school,
        schoolYearStart: year.start,
        schoolYearEnd: year.end,
        isActive: 1,
        studentCount: 500,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Classes every day and no holidays, so the demo shows arrivals on a weekend too; the usual cutoffs.
    const settings = attendanceSettingsSchema.parse({
      timeZone,
      lateCutoff: DEMO_LATE_CUTOFF,
      absenceCutoff: '10:00',
      schoolDays: [1, 2, 3, 4, 5, 6, 7],
    });
    await putAttendanceSettings(db, schoolId, settings, timeZone, SEED);
    const students: DemoStudent[] = [];
    const sectionLearners: number[][] = [];
    for (const level of [7, 8]) {
      const { id: gradeId } = await db
        .insertInto('grades')
        .values({ schoolId, name: `Grade ${level - si * 4}`, level: level - si * 4, isActive: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const section of ['Sampaguita', 'Narra']) {
        const { id: sectionId } = await db
          .insertInto('sections')
          .values({
            schoolId,
            gradeId,
            name: section,
            capacity: 40,
            adviserName: ADVISERS[si]![sectionLearners.length]!,
            isActive: 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ids: number[] = [];
        sectionLearners.push(ids);
        for (let k = 0; k < PER_SECTION; k += 1) {
          n += 1;
          const values = {
            firstName: FIRST[n % FIRST.length]!,
            middleName: LAST[(n * 3 + 1) % LAST.length]!,
            lastName: LAST[(n * 7) % LAST.length]!,
            email: `demo.student${n}@example.com`,
            lrn: String(400000000000 + n),
          };
          const card = normalizeCardUid(randomBytes(4).toString('hex'))!;
          const row = await db
            .insertInto('students')
            .values({
              ...values,
              passwordHash: 'demo-account-cannot-sign-in',
              rfidCardId: card,
              gender: (n % FIRST.length) % 2 === 0 ? 'FEMALE' : 'MALE',
              dateOfBirth: demoBirthDate(year, level - si * 4, n),
              // On the roll from the year's first day (late enrolments and transfers change it below).
              enrolmentDate: year.start,
              ...registerOf(place, n, values.lastName),
              parentLastName: values.lastName,
              parentPhone: `+63917${String(1000000 + n).slice(-7)}`,
              notificationPreference: 'SMS_ONLY',
              schoolId,
              gradeId,
              sectionId,
              isActive: 1,
              isArchived: 0,
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await saveSearchTerms(db, [{ ...values, id: row.id }]);
          students.push({ id: row.id, name: `${values.firstName} ${values.lastName}`, card });
          ids.push(row.id);
        }
      }
    }
    // The school's admin (the dashboard's Total Admins): signs in to the school-admin console, every permission on.
    const admin = {
      email: `registrar@${school.acronym.toLowerCase()}.example.com`,
      password: `registrar-${randomBytes(4).toString('hex')}`,
    };
    await db
      .insertInto('admins')
      .values({
        email: admin.email,
        passwordHash: await hashPassword(admin.password, scryptCost),
        permissions: JSON.stringify(Object.fromEntries(allPermissions)),
        firstName: si === 0 ? 'Teresa' : 'Ramon',
        lastName: si === 0 ? 'Dela Cruz' : 'Santos',
        employeeId: `${school.acronym}-001`,
        department: 'Registrar',
        position: 'School Registrar',
        schoolId,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const gone = await seedSchoolYear(db, schoolId, year, sectionLearners, movements, timeZone, SEED);
    // Two gates: about two students in three come through the main one; those who left or are away tap nowhere.
    const readers: DemoReader[] = [];
    for (const [gi, gate] of ['Main Gate', 'Back Gate'].entries()) {
      const input = readerCreateSchema.parse({ name: `${school.acronym} ${gate}`, location: gate, schoolId });
      const reader = await createReader(db, input, SEED, timeZone);
      const cards = students.filter((s, i) => (i % 3 === 2 ? 1 : 0) === gi && !gone.has(s.id)).map((s) => s.card);
      readers.push({ id: reader.id, name: reader.name, token: reader.token, cards });
    }
    // The school's phones, the first its default; the stand-in gateway sends from each at `perMinute`.
    const phones: DemoPhone[] = [];
    for (let k = 0; k < plan.count; k += 1) {
      const phone = { number: `+63918${String((si + 1) * 100 + k + 1).padStart(7, '0')}`, perMinute: plan.perMinute };
      await createSmsDevice(
        { db, secrets, gatewayUrl: '', timeZone, sendTimeoutMs: 10_000, clock: systemClock },
        {
          name: `${school.acronym} Gate Phone${plan.count > 1 ? ` ${k + 1}` : ''}`,
          deviceName: HANDSETS[(si + k) % HANDSETS.length]!,
          phoneNumber: phone.number,
          apiKey: deviceKey,
          description: `Demo device (stand-in httpSMS gateway, ${phone.perMinute} messages a minute)`,
          schoolId,
          status: 'ACTIVE',
          dailyLimit: 500,
          sendRatePerMinute: phone.perMinute,
          isDefault: k === 0,
        },
        SEED,
      );
      phones.push(phone);
    }
    schools.push({
      id: schoolId,
      acronym: school.acronym,
      phones,
      timeZone,
      lateCutoff: DEMO_LATE_CUTOFF,
      students,
      readers,
      admin,
      year,
    });
  }
  return schools;
}
