import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import {
  archiveStudentSchema,
  archivedListQuerySchema,
  archivedStudentListSchema,
  archivedStudentSchema,
  bulkArchiveSchema,
  bulkRestoreSchema,
  bulkResultSchema,
  createStudentSchema,
  passwordSlipSchema,
  registeredStudentSchema,
  STUDENT_MESSAGES,
  STUDENT_PAGE_SIZE,
  STUDENT_SUCCESS,
  studentListQuerySchema,
  studentListSchema,
  studentSchema,
  updateStudentSchema,
} from '@domain/students';
import { pageParams, streamCsv, wantsCsv } from '@core/http/paginate';
import { localDate } from '@core/time/time';
import { PICTURE_UPLOAD } from '@core/uploads/upload-rules';
import { createStudent, getStudent, STUDENT_CSV_COLUMNS, toStudent, updateStudent } from './service';
import { listStudents, studentsQuery } from './list';
import { recordMovement } from './movement';
import { MOVEMENT_MESSAGES, movementInputSchema } from '@domain/students/movement';
import { issuePasswordSlip } from './password-slip';
import {
  ARCHIVED_CSV_COLUMNS,
  archivedQuery,
  archiveStudent,
  bulkArchive,
  bulkRestore,
  restoreStudent,
  toArchived,
} from './archive';
import { paginate } from '@core/http/paginate';
import type { SchoolScope } from '@core/http/school-scope';
import { unavailability } from '@core/http/not-available';
import { notFound } from '@core/http/errors';
import type { Executor } from '@core/db/index';

const studentParams = idParams(STUDENT_MESSAGES.notFound);
const archivedParams = idParams(STUDENT_MESSAGES.archivedNotFound);
const oneStudent = { 200: apiSuccess(studentSchema) };
const bulkDone = { 200: apiSuccess(bulkResultSchema) };

/** 404 `message` (naming the ids, as the bulk services do) unless every student is one of `schoolId`'s. */
async function assertStudentsOf(db: Executor, schoolId: number, ids: number[], message: string) {
  if (!ids.length) return;
  const rows = await db.selectFrom('students').select(['id', 'schoolId']).where('id', 'in', ids).execute();
  const foreign = ids.filter((id) => rows.find((r) => r.id === id)?.schoolId !== schoolId);
  if (foreign.length) throw notFound(ids.length === 1 ? message : `${message}: ${foreign.join(', ')}`);
}

/**
 * Students and archived students. Both lists take `?format=csv` for the whole filtered list
 * (streamed text/csv instead of the JSON reply). The CSV import lives in student-import.ts.
 * The same routes serve a school admin: `scope` fixes the school and names each route's permission.
 */
export const studentRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    /** In the admin scope: 404 unless the students are of the admin's school (the super admin reaches every one). */
    const mine = async (request: FastifyRequest, ids: number[], message: string) => {
      const own = scope.school(request);
      if (scope.kind === 'admin' && own != null) await assertStudentsOf(app.db, own, ids, message);
    };
    const ctx = (request: FastifyRequest) => ({
      db: app.db,
      files: request.upload,
      actor: request.actor(),
      scryptCost: app.config.scryptCost,
      defaultTimeZone: app.config.schoolTimezone,
      now: app.clock.now(),
      unavailable: unavailability(app, request),
    });
    const today = () => localDate(new Date(), app.config.schoolTimezone);

    app.post(
      '/register-student',
      {
        schema: {
          summary: 'Register a student (multipart: data + profilePicture)',
          body: createStudentSchema,
          response: { 201: apiSuccess(registeredStudentSchema) },
        },
        config: { upload: PICTURE_UPLOAD, ...scope.permission('MANAGE_STUDENTS') },
      },
      async (request, reply) => {
        const schoolId = scope.school(request, request.body.schoolId) ?? request.body.schoolId;
        const data = await createStudent(ctx(request), { ...request.body, schoolId });
        return reply.status(201).send({ success: true, data, message: STUDENT_SUCCESS.registered });
      },
    );

    app.get(
      '/students',
      {
        schema: {
          summary: 'Students: a page of 20 by school, grade, section and search; ?format=csv exports all',
          querystring: studentListQuerySchema,
          response: { 200: apiSuccess(studentListSchema) },
        },
        config: scope.permission('VIEW_STUDENTS'),
      },
      async (request, reply) => {
        const query = { ...request.query, schoolId: scope.school(request, request.query.schoolId) };
        if (wantsCsv(query)) {
          return streamCsv(reply, await studentsQuery(app.db, query), {
            filename: `students-${today()}.csv`,
            columns: STUDENT_CSV_COLUMNS,
            map: (r) => toStudent(r, app.config.schoolTimezone),
          });
        }
        return {
          success: true as const,
          data: await listStudents(app.db, query, pageParams(query, STUDENT_PAGE_SIZE), app.config.schoolTimezone),
        };
      },
    );

    app.get(
      '/students/:id',
      {
        schema: { summary: 'One active student', params: studentParams, response: oneStudent },
        config: scope.permission('VIEW_STUDENTS'),
      },
      async (request) => {
        await mine(request, [request.params.id], STUDENT_MESSAGES.notFound);
        return { success: true as const, data: await getStudent(app.db, request.params.id, app.config.schoolTimezone) };
      },
    );

    app.patch(
      '/students/:id',
      {
        schema: {
          summary: 'Edit a student (multipart: data + profilePicture)',
          params: studentParams,
          body: updateStudentSchema,
          response: oneStudent,
        },
        config: { upload: PICTURE_UPLOAD, ...scope.permission('MANAGE_STUDENTS') },
      },
      async (request) => {
        await mine(request, [request.params.id], STUDENT_MESSAGES.notFound);
        const body =
          request.body.schoolId === undefined
            ? request.body
            : { ...request.body, schoolId: scope.school(request, request.body.schoolId) ?? request.body.schoolId };
        const data = await updateStudent(ctx(request), request.params.id, body);
        return { success: true as const, data, message: STUDENT_SUCCESS.updated };
      },
    );

    app.post(
      '/students/:id/movement',
      {
        schema: {
          summary: "Record a learner's movement: transferred in or out, dropped out (SF2 reason code), NLPA, back on the roll",
          params: studentParams,
          body: movementInputSchema,
          response: oneStudent,
        },
        config: scope.permission('MANAGE_STUDENTS'),
      },
      async (request) => {
        await mine(request, [request.params.id], STUDENT_MESSAGES.notFound);
        const data = await recordMovement(app.db, request.params.id, request.body, request.actor(), app.config.schoolTimezone);
        return { success: true as const, data, message: MOVEMENT_MESSAGES.recorded(request.body.kind) };
      },
    );

    app.post(
      '/students/:id/password-slip',
      {
        schema: {
          summary: "A new generated password for a learner (shown once, for the guardian's slip; changed at sign-in)",
          params: studentParams,
          response: { 201: apiSuccess(passwordSlipSchema) },
        },
        config: scope.permission('MANAGE_STUDENTS'),
      },
      async (request, reply) => {
        const data = await issuePasswordSlip(ctx(request), request.params.id, (schoolId) =>
          scope.owns(request, schoolId, STUDENT_MESSAGES.notFound),
        );
        return reply.status(201).send({ success: true as const, data, message: STUDENT_SUCCESS.newSlip });
      },
    );

    app.post(
      '/students/:id/archive',
      {
        schema: {
          summary: 'Archive a student (optional reason)',
          params: studentParams,
          body: archiveStudentSchema.nullish(),
          response: { 200: apiSuccess(archivedStudentSchema) },
        },
        config: scope.permission('ARCHIVE_STUDENTS'),
      },
      async (request) => {
        await mine(request, [request.params.id], STUDENT_MESSAGES.notFound);
        const data = await archiveStudent(ctx(request), request.params.id, request.body?.reason ?? null);
        return { success: true as const, data, message: STUDENT_SUCCESS.archived };
      },
    );

    app.post(
      '/students/bulk-archive',
      {
        schema: {
          summary: 'Archive several students with one reason (all or nothing)',
          body: bulkArchiveSchema,
          response: bulkDone,
        },
        config: scope.permission('ARCHIVE_STUDENTS'),
      },
      async (request) => {
        await mine(request, request.body.ids, STUDENT_MESSAGES.notFound);
        const data = await bulkArchive(ctx(request), request.body.ids, request.body.reason ?? null);
        return { success: true as const, data, message: `${data.count} student(s) archived` };
      },
    );

    app.get(
      '/archived-students',
      {
        schema: {
          summary: 'Archived students: a page of 20 by search and archive dates; ?format=csv exports all',
          querystring: archivedListQuerySchema,
          response: { 200: apiSuccess(archivedStudentListSchema) },
        },
        config: scope.permission('ARCHIVE_STUDENTS'),
      },
      async (request, reply) => {
        const query = { ...request.query, schoolId: scope.school(request, request.query.schoolId) };
        const rows = await archivedQuery(app.db, query, app.config.schoolTimezone);
        if (wantsCsv(query)) {
          return streamCsv(reply, rows, {
            filename: `archived-students-${today()}.csv`,
            columns: ARCHIVED_CSV_COLUMNS,
            map: (r) => toArchived(r, app.config.schoolTimezone),
          });
        }
        const page = await paginate(rows, pageParams(query, STUDENT_PAGE_SIZE));
        return {
          success: true as const,
          data: { archivedStudents: page.rows.map((r) => toArchived(r, app.config.schoolTimezone)), pagination: page.pagination },
        };
      },
    );

    app.post(
      '/archived-students/:id/restore',
      {
        schema: { summary: 'Restore an archived student', params: archivedParams, response: oneStudent },
        config: scope.permission('ARCHIVE_STUDENTS'),
      },
      async (request) => {
        await mine(request, [request.params.id], STUDENT_MESSAGES.archivedNotFound);
        const data = await restoreStudent(ctx(request), request.params.id);
        return { success: true as const, data, message: STUDENT_SUCCESS.restored };
      },
    );

    app.post(
      '/archived-students/bulk-restore',
      {
        schema: { summary: 'Restore several archived students (all or nothing)', body: bulkRestoreSchema, response: bulkDone },
        config: scope.permission('ARCHIVE_STUDENTS'),
      },
      async (request) => {
        await mine(request, request.body.ids, STUDENT_MESSAGES.archivedNotFound);
        const data = await bulkRestore(ctx(request), request.body.ids);
        return { success: true as const, data, message: `${data.count} student(s) restored` };
      },
    );
  };
