import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../server/db/index';
import type { SecretBox } from '../server/lib/secrets';
import { nowIso } from '../server/lib/time';
import { createSmsDevice } from '../server/services/sms-devices';
import { normalizeCardUid } from '../src/domain/card-uid';

/**
 * The demo data set of `npm run demo`: two schools, grades, sections, students with RFID cards, readers,
 * and one SMS device per school (its API key encrypted like any device's). Written straight to a fresh
 * database (there is no students API yet); the device goes through the device service.
 */
const SCHOOLS = [
  { name: 'San Jose National High School', acronym: 'SJNHS' },
  { name: 'Rizal Elementary School', acronym: 'RES' },
];
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

export interface DemoStudent {
  id: number;
  name: string;
  schoolId: number;
}

export async function seedDemo(db: DB, secrets: SecretBox, deviceKey: string, timeZone: string): Promise<DemoStudent[]> {
  const now = nowIso();
  const students: DemoStudent[] = [];
  let n = 0;
  for (const [si, school] of SCHOOLS.entries()) {
    const { id: schoolId } = await db
      .insertInto('schools')
      .values({ ...school, isActive: 1, timezone: timeZone, studentCount: 500, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const level of [7, 8]) {
      const { id: gradeId } = await db
        .insertInto('grades')
        .values({ schoolId, name: `Grade ${level - si * 4}`, level: level - si * 4, isActive: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const section of ['Sampaguita', 'Narra']) {
        const { id: sectionId } = await db
          .insertInto('sections')
          .values({ schoolId, gradeId, name: section, capacity: 40, isActive: 1, createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let k = 0; k < 3; k += 1) {
          n += 1;
          const firstName = FIRST[n % FIRST.length]!;
          const lastName = LAST[(n * 7) % LAST.length]!;
          const row = await db
            .insertInto('students')
            .values({
              firstName,
              lastName,
              email: `demo.student${n}@example.com`,
              passwordHash: 'demo-account-cannot-sign-in',
              lrn: String(400000000000 + n),
              rfidCardId: normalizeCardUid(randomBytes(4).toString('hex')),
              parentFirstName: 'Parent',
              parentLastName: lastName,
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
          students.push({ id: row.id, name: `${firstName} ${lastName}`, schoolId });
        }
      }
    }
    for (const gate of ['Main Gate', 'Back Gate']) {
      await db
        .insertInto('rfidReaders')
        .values({
          name: `${school.acronym} ${gate}`,
          location: gate,
          schoolId,
          tokenHash: createHash('sha256').update(randomBytes(24)).digest('hex'),
          isActive: 1,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    await createSmsDevice(
      { db, secrets, gatewayUrl: '', timeZone, sendTimeoutMs: 10_000 },
      {
        name: `${school.acronym} Gate Phone`,
        deviceName: si === 0 ? 'Samsung Galaxy A14' : 'Xiaomi Redmi 12',
        phoneNumber: `+63918000000${si + 1}`,
        apiKey: deviceKey,
        description: 'Demo device (stand-in httpSMS gateway)',
        schoolId,
        status: 'ACTIVE',
        dailyLimit: 500,
        isDefault: true,
      },
      { role: 'SYSTEM', userId: null, name: 'Demo seed' },
    );
  }
  return students;
}
