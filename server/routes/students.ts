import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  archiveStudentSchema,
  archivedListQuerySchema,
  bulkArchiveSchema,
  bulkRestoreSchema,
  createStudentSchema,
  STUDENT_MESSAGES,
  STUDENT_PAGE_SIZE,
  STUDENT_SUCCESS,
  studentListQuerySchema,
  updateStudentSchema,
} from '../../src/domain/students';
import { readBody } from '../lib/multipart';
import { paginate, pageParams, streamCsv, wantsCsv } from '../lib/paginate';
import { idParam } from '../lib/query';
import { localDate } from '../lib/time';
import {
  createStudent,
  getStudent,
  listStudents,
  STUDENT_CSV_COLUMNS,
  studentsQuery,
  toStudent,
  updateStudent,
} from '../services/students';
import {
  ARCHIVED_CSV_COLUMNS,
  archivedQuery,
  archiveStudent,
  bulkArchive,
  bulkRestore,
  restoreStudent,
  toArchived,
} from '../services/students-archive';

type WithId = { Params: { id: string } };
type Query = Record<string, unknown>;

/**
 * Students and archived students (spec §7). Lists take `?format=csv` for the whole filtered list.
 * The CSV import lives in student-import.ts.
 */
export default async function studentRoutes(app: FastifyInstance) {
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    uploads: app.uploads,
    actor: request.actor(),
    scryptCost: app.config.scryptCost,
  });
  const today = () => localDate(new Date(), app.config.schoolTimezone);

  app.post('/register-student', async (request, reply) => {
    const { fields, files } = await readBody(request);
    const input = createStudentSchema.parse(fields);
    const picture = files.find((f) => f.field === 'profilePicture');
    const data = await createStudent(ctx(request), input, picture);
    return reply.status(201).send({ success: true, data, message: STUDENT_SUCCESS.registered });
  });

  app.get('/students', async (request, reply) => {
    const query = (request.query ?? {}) as Query;
    const filters = studentListQuerySchema.parse(query);
    if (wantsCsv(query))
      return streamCsv(reply, studentsQuery(app.db, filters), {
        filename: `students-${today()}.csv`,
        columns: STUDENT_CSV_COLUMNS,
        map: toStudent,
      });
    return { success: true, data: await listStudents(app.db, filters, pageParams(query, STUDENT_PAGE_SIZE)) };
  });

  app.get<WithId>('/students/:id', async (request) => ({
    success: true,
    data: await getStudent(app.db, idParam(request.params.id, STUDENT_MESSAGES.notFound)),
  }));

  app.patch<WithId>('/students/:id', async (request) => {
    const id = idParam(request.params.id, STUDENT_MESSAGES.notFound);
    const { fields, files } = await readBody(request);
    const input = updateStudentSchema.parse(fields);
    const picture = files.find((f) => f.field === 'profilePicture');
    const data = await updateStudent(ctx(request), id, input, picture);
    return { success: true, data, message: STUDENT_SUCCESS.updated };
  });

  app.post<WithId>('/students/:id/archive', async (request) => {
    const id = idParam(request.params.id, STUDENT_MESSAGES.notFound);
    const { fields } = await readBody(request);
    const { reason } = archiveStudentSchema.parse(fields);
    const data = await archiveStudent(ctx(request), id, reason ?? null);
    return { success: true, data, message: STUDENT_SUCCESS.archived };
  });

  app.post('/students/bulk-archive', async (request) => {
    const { fields } = await readBody(request);
    const { ids, reason } = bulkArchiveSchema.parse(fields);
    const data = await bulkArchive(ctx(request), ids, reason ?? null);
    return { success: true, data, message: `${data.count} student(s) archived` };
  });

  app.get('/archived-students', async (request, reply) => {
    const query = (request.query ?? {}) as Query;
    const filters = archivedListQuerySchema.parse(query);
    const csv = wantsCsv(query);
    const rows = await archivedQuery(app.db, filters, app.config.schoolTimezone);
    if (csv) {
      return streamCsv(reply, rows, {
        filename: `archived-students-${today()}.csv`,
        columns: ARCHIVED_CSV_COLUMNS,
        map: toArchived,
      });
    }
    const page = await paginate(rows, pageParams(query, STUDENT_PAGE_SIZE));
    return { success: true, data: { archivedStudents: page.rows.map(toArchived), pagination: page.pagination } };
  });

  app.post<WithId>('/archived-students/:id/restore', async (request) => {
    const data = await restoreStudent(ctx(request), idParam(request.params.id, STUDENT_MESSAGES.archivedNotFound));
    return { success: true, data, message: STUDENT_SUCCESS.restored };
  });

  app.post('/archived-students/bulk-restore', async (request) => {
    const { fields } = await readBody(request);
    const { ids } = bulkRestoreSchema.parse(fields);
    const data = await bulkRestore(ctx(request), ids);
    return { success: true, data, message: `${data.count} student(s) restored` };
  });
}
