import type { FastifyInstance } from 'fastify';
import {
  attendanceSettingsSchema,
  ATTENDANCE_PAGE_SIZE,
  excuseSchema,
  historyFiltersSchema,
  type LiveAttendanceEvent,
} from '../../src/domain/attendance';
import { pageParams } from '../lib/paginate';
import { idParam } from '../lib/query';
import { SCHOOL_NOT_FOUND } from '../services/schools';
import { excuseStudent, getAttendanceSettings, listHistory, putAttendanceSettings } from '../services/attendance';

/** Attendance History (spec §2/§3/§7), attendance settings of a school, EXCUSED with a note. */
export default async function attendanceRoutes(app: FastifyInstance) {
  app.get('/attendance-history', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const filters = historyFiltersSchema.parse(query);
    return { success: true, data: await listHistory(app.db, filters, pageParams(query, ATTENDANCE_PAGE_SIZE)) };
  });

  app.post('/attendance/excuse', async (request) => {
    const record = await excuseStudent(app.db, excuseSchema.parse(request.body ?? {}), request.actor());
    const event: LiveAttendanceEvent = {
      id: record.id,
      studentId: record.studentId,
      studentName: `${record.student.firstName} ${record.student.lastName}`,
      status: record.status,
      time: new Date().toISOString(),
      reader: null,
      record,
    };
    app.realtime.emitToSuperAdmins('attendance', event);
    return { success: true, data: record, message: 'Attendance marked as excused' };
  });

  app.get('/schools/:id/attendance-settings', async (request) => {
    const id = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    return { success: true, data: await getAttendanceSettings(app.db, id, app.config.schoolTimezone) };
  });

  app.put('/schools/:id/attendance-settings', async (request) => {
    const id = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    const input = attendanceSettingsSchema.parse(request.body ?? {});
    const data = await putAttendanceSettings(app.db, id, input, app.config.schoolTimezone, request.actor());
    return { success: true, data, message: 'Attendance settings saved' };
  });
}
