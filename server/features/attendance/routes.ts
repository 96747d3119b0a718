import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import {
  ATTENDANCE_PAGE_SIZE,
  attendanceHistorySchema,
  attendanceRecordSchema,
  attendanceSettingsReplySchema,
  attendanceSettingsSchema,
  excuseSchema,
  historyFiltersSchema,
  type LiveAttendanceEvent,
} from '@domain/attendance';
import { pageParams } from '@core/http/paginate';
import { SCHOOL_NOT_FOUND } from '../schools';
import { excuseStudent, getAttendanceSettings, listHistory, putAttendanceSettings } from './service';

const schoolParams = idParams(SCHOOL_NOT_FOUND);
const settingsReply = { 200: apiSuccess(attendanceSettingsReplySchema) };

/** Attendance History (spec §2/§3/§7), attendance settings of a school, EXCUSED with a note. */
const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attendance-history',
    {
      schema: {
        summary: 'Attendance History (filtered, 10 per page)',
        querystring: historyFiltersSchema,
        response: { 200: apiSuccess(attendanceHistorySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listHistory(app.db, request.query, pageParams(request.query, ATTENDANCE_PAGE_SIZE), app.config.schoolTimezone),
    }),
  );

  app.post(
    '/attendance/excuse',
    {
      schema: {
        summary: 'Mark a student EXCUSED for a day, with a note',
        body: excuseSchema,
        response: { 200: apiSuccess(attendanceRecordSchema) },
      },
    },
    async (request) => {
      const record = await excuseStudent(app.db, request.body, request.actor(), app.config.schoolTimezone);
      const event: LiveAttendanceEvent = {
        id: record.id,
        studentId: record.studentId,
        studentName: `${record.student.firstName} ${record.student.lastName}`,
        status: record.status,
        time: app.clock.now().toISOString(),
        reader: null,
        record,
      };
      app.realtime.emitToSchool(record.schoolId, 'attendance', event);
      return { success: true as const, data: record, message: 'Attendance marked as excused' };
    },
  );

  app.get(
    '/schools/:id/attendance-settings',
    { schema: { summary: "A school's attendance settings", params: schoolParams, response: settingsReply } },
    async (request) => ({
      success: true as const,
      data: await getAttendanceSettings(app.db, request.params.id, app.config.schoolTimezone),
    }),
  );

  app.put(
    '/schools/:id/attendance-settings',
    {
      schema: {
        summary: "Save a school's attendance settings",
        params: schoolParams,
        body: attendanceSettingsSchema,
        response: settingsReply,
      },
    },
    async (request) => {
      const data = await putAttendanceSettings(
        app.db,
        request.params.id,
        request.body,
        app.config.schoolTimezone,
        request.actor(),
      );
      return { success: true as const, data, message: 'Attendance settings saved' };
    },
  );
};
export default attendanceRoutes;
