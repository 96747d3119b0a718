/**
 * Rows no API creates with a chosen time (attendance records and SMS history rows of past days), written
 * through a spec's own instance (./instance.ts): schools, students, records and messages at exact instants.
 */
import type { FastifyInstance } from 'fastify';
import { insertCardStudent } from '../helpers/rfid';

let seq = 0;
const CREATED = '2020-01-01T00:00:00.000Z';

export async function seedSchool(app: FastifyInstance, name: string, acronym: string, timezone: string | null = null) {
  const row = await app.db
    .insertInto('schools')
    .values({ name, acronym, timezone, isActive: 1, createdAt: CREATED, updatedAt: CREATED })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const seedStudent = (app: FastifyInstance, schoolId: number, firstName: string, lastName: string) =>
  insertCardStudent(app, schoolId, `C0DE${String((seq += 1)).padStart(4, '0')}`, CREATED, { firstName, lastName });

export async function seedAttendance(
  app: FastifyInstance,
  r: { studentId: number; schoolId: number; date: string; status: string; checkInAt?: string; checkOutAt?: string },
) {
  const row = await app.db
    .insertInto('attendanceRecords')
    .values({
      studentId: r.studentId,
      schoolId: r.schoolId,
      date: r.date,
      status: r.status,
      checkInAt: r.checkInAt ?? null,
      checkOutAt: r.checkOutAt ?? null,
      readerId: null,
      cardId: null,
      note: null,
      createdAt: r.checkInAt ?? CREATED,
      updatedAt: r.checkOutAt ?? r.checkInAt ?? CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedSms(
  app: FastifyInstance,
  m: { studentId: number; schoolId: number; type: string; status: string; createdAt: string; message: string },
) {
  const row = await app.db
    .insertInto('smsNotifications')
    .values({
      studentId: m.studentId,
      schoolId: m.schoolId,
      type: m.type,
      channel: 'SMS',
      message: m.message,
      phoneNumber: '+639171234567',
      status: m.status,
      failureReason: m.status === 'FAILED' ? 'Gateway refused the number' : null,
      sentAt: m.status === 'PENDING' || m.status === 'FAILED' ? null : m.createdAt,
      deliveredAt: m.status === 'DELIVERED' ? m.createdAt : null,
      deviceId: null,
      senderRole: null,
      senderId: null,
      providerMsgId: null,
      requestId: null,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
