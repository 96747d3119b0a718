import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import {
  ATTENDANCE_PAGE_SIZE,
  attendanceHistorySchema,
  attendanceRecordSchema,
  attendanceSettingsReplySchema,
  attendanceSettingsSchema,
  CORRECTION_MESSAGES,
  correctionSchema,
  excuseSchema,
  historyFilterOptionsQuerySchema,
  historyFilterOptionsSchema,
  historyFiltersSchema,
  type LiveAttendanceEvent,
} from '@domain/attendance';
import { SECTION_DAY_MESSAGES, sectionDayQuerySchema, sectionDaySchema } from '@domain/section-day';
import { pageParams } from '@core/http/paginate';
import { SCHOOL_NOT_FOUND } from '../schools';
import type { SchoolScope } from '@core/http/school-scope';
import type { AttendanceRecord } from '@domain/attendance';
import {
  excuseStudent,
  getAttendanceSettings,
  listHistory,
  putAttendanceSettings,
  recordsByIds,
  studentSchoolId,
} from './service';
import { correctAttendance, recordSchoolId } from './correction';
import { historyFilterOptions, scopedHistoryFilters } from './history-filters';
import { getSectionDay, sectionSchoolId } from './section-day';

const schoolParams = idParams(SCHOOL_NOT_FOUND);
const settingsReply = { 200: apiSuccess(attendanceSettingsReplySchema) };

/**
 * Attendance History (with its filter choices), a section's day, attendance settings of a school, EXCUSED with a
 * note. A school admin reads and corrects their own school's records; the settings stay the super admin's.
 */
export const attendanceRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    /** A changed record goes live to its school's consoles and to the learner's portal (after the commit). */
    const announce = (record: AttendanceRecord) => {
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
      app.realtime.emitToStudent(record.studentId, 'attendance', { id: record.id, status: record.status });
    };

    app.get(
      '/attendance-history',
      {
        schema: {
          summary: 'Attendance History (filtered, 10 per page)',
          querystring: historyFiltersSchema,
          response: { 200: apiSuccess(attendanceHistorySchema) },
        },
        config: scope.permission('VIEW_ATTENDANCE'),
      },
      async (request) => {
        const filters = await scopedHistoryFilters(app.db, scope, request, request.query);
        const page = pageParams(request.query, ATTENDANCE_PAGE_SIZE);
        return { success: true as const, data: await listHistory(app.db, filters, page, app.config.schoolTimezone) };
      },
    );

    app.get(
      '/attendance-history/filter-options',
      {
        schema: {
          summary: "A school's grades (with sections) and readers, for Attendance History's filters",
          querystring: historyFilterOptionsQuerySchema,
          response: { 200: apiSuccess(historyFilterOptionsSchema) },
        },
        config: scope.permission('VIEW_ATTENDANCE'),
      },
      async (request) => ({
        success: true as const,
        data: await historyFilterOptions(
          app.db,
          scope.school(request, request.query.schoolId),
          app.config.schoolTimezone,
          app.clock.now(),
        ),
      }),
    );

    app.get(
      '/attendance/section-day',
      {
        schema: {
          summary: "A section's day: its learners in school, still missing, gone home or excused (no date: today)",
          querystring: sectionDayQuerySchema,
          response: { 200: apiSuccess(sectionDaySchema) },
        },
        config: scope.permission('VIEW_ATTENDANCE'),
      },
      async (request) => {
        if (scope.kind === 'admin')
          scope.owns(request, await sectionSchoolId(app.db, request.query.sectionId), SECTION_DAY_MESSAGES.notFound);
        const data = await getSectionDay(app.db, request.query, app.config.schoolTimezone, app.clock.now());
        return { success: true as const, data };
      },
    );

    app.post(
      '/attendance/excuse',
      {
        schema: {
          summary: 'Mark a student EXCUSED for a day, with a note',
          body: excuseSchema,
          response: { 200: apiSuccess(attendanceRecordSchema) },
        },
        config: scope.permission('MANAGE_ATTENDANCE'),
      },
      async (request) => {
        if (scope.kind === 'admin')
          scope.owns(request, await studentSchoolId(app.db, request.body.studentId), 'Student not found');
        const record = await excuseStudent(app.db, request.body, request.actor(), app.config.schoolTimezone, app.clock.now());
        announce(record);
        return { success: true as const, data: record, message: 'Attendance marked as excused' };
      },
    );

    app.post(
      '/attendance/:id/correct',
      {
        schema: {
          summary:
            "Correct a record's status (PRESENT, LATE or ABSENT) with a reason (and the arrival time for PRESENT or LATE); sends no message",
          params: idParams(CORRECTION_MESSAGES.notFound),
          body: correctionSchema,
          response: { 200: apiSuccess(attendanceRecordSchema) },
        },
        config: scope.permission('MANAGE_ATTENDANCE'),
      },
      async (request) => {
        const { id } = request.params;
        if (scope.kind === 'admin') scope.owns(request, await recordSchoolId(app.db, id), CORRECTION_MESSAGES.notFound);
        await correctAttendance(app.db, id, request.body, request.actor(), {
          defaultTimeZone: app.config.schoolTimezone,
          now: app.clock.now(),
        });
        const record = (await recordsByIds(app.db, [id], app.config.schoolTimezone)).get(id)!;
        announce(record);
        return { success: true as const, data: record, message: CORRECTION_MESSAGES.done };
      },
    );

    if (scope.kind !== 'superAdmin') return;
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
