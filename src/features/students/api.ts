import { api, request, requestBody, toApiError, toFormData } from '@kit/http';
import { downloadCsv, saveFile, type QueryFilters } from '@kit/list/csv';
import type {
  ArchivedStudent,
  ArchivedStudentList,
  BulkResult,
  PasswordSlip,
  RegisteredStudent,
  Student,
  StudentList,
  StudentPayload,
} from '@domain/students';
import { importSummaryCsv, type ImportEvent, type ImportPreview, type ImportSummary } from '@domain/students/import';

// StudentFields: the name this payload type had in the first commit (the UI branch may still use it).
export type {
  ArchivedStudent,
  ArchivedStudentList,
  Student,
  StudentList,
  StudentPayload,
  StudentPayload as StudentFields,
} from '@domain/students';

/** List paths (also what CsvExportButton takes: the same path with `?format=csv` exports the filtered list). */
export const STUDENTS_PATH = 'super-admin/students';
export const ARCHIVED_STUDENTS_PATH = 'super-admin/archived-students';
const IMPORT_PATH = `${STUDENTS_PATH}/import`;

/*
 * No upload progress on these calls: ky's onUploadProgress turns the body into a stream, and Chromium only
 * streams request bodies over HTTP/2 — over HTTP/1.1 the request fails ('Failed to fetch'). The files are
 * ≤ 5 MB; the commit's progress comes from the server's NDJSON lines instead.
 */

/** GET students: page, limit 20, schoolId, gradeId, sectionId, searchTerm → { students, pagination }. */
export const fetchStudents = (query: QueryFilters & { page: number }, signal?: AbortSignal) =>
  request<StudentList>('Failed to fetch students', (a) => a.get(STUDENTS_PATH, { searchParams: query, signal }));

export const fetchStudent = (id: number, signal?: AbortSignal) =>
  request<Student>('Failed to fetch student', (a) => a.get(`${STUDENTS_PATH}/${id}`, { signal }));

/** POST register-student: multipart `data` + `profilePicture`; answers the learner and their password slip. */
export const registerStudent = (fields: StudentPayload, picture?: File | null) =>
  requestBody<RegisteredStudent>('Failed to register student', (a) =>
    a.post('super-admin/register-student', { body: toFormData(fields, { profilePicture: picture }) }),
  );

/** POST students/{id}/password-slip: a new generated password (shown once), changed by the learner at sign-in. */
export const issuePasswordSlip = (id: number) =>
  requestBody<PasswordSlip>('Failed to issue a new password', (a) => a.post(`${STUDENTS_PATH}/${id}/password-slip`));

/** PATCH students/{id}: multipart; only the fields sent change. */
export const updateStudent = (id: number, fields: StudentPayload, picture?: File | null) =>
  requestBody<Student>('Failed to update student', (a) =>
    a.patch(`${STUDENTS_PATH}/${id}`, { body: toFormData(fields, { profilePicture: picture }) }),
  );

/** POST students/{id}/archive with an optional reason; answers the archived record. */
export const archiveStudent = (id: number, reason?: string) =>
  requestBody<ArchivedStudent>('Failed to archive student', (a) =>
    a.post(`${STUDENTS_PATH}/${id}/archive`, { json: reason?.trim() ? { reason: reason.trim() } : {} }),
  );

/** POST students/bulk-archive: several students, one reason, all or nothing. */
export const bulkArchiveStudents = (ids: number[], reason?: string) =>
  requestBody<BulkResult>('Failed to archive students', (a) =>
    a.post(`${STUDENTS_PATH}/bulk-archive`, { json: reason?.trim() ? { ids, reason: reason.trim() } : { ids } }),
  );

/** GET archived-students: page, limit 20, searchTerm, startDate, endDate (empty ones left out). */
export const fetchArchivedStudents = (query: QueryFilters & { page: number }, signal?: AbortSignal) =>
  request<ArchivedStudentList>('Failed to fetch archived students', (a) =>
    a.get(ARCHIVED_STUDENTS_PATH, { searchParams: withoutEmpty(query), signal }),
  );

/** POST archived-students/{id}/restore (no body). */
export const restoreStudent = (id: number) =>
  requestBody<Student>('Failed to restore student', (a) => a.post(`${ARCHIVED_STUDENTS_PATH}/${id}/restore`));

/** POST archived-students/bulk-restore: all or nothing (409 names the first conflict). */
export const bulkRestoreStudents = (ids: number[]) =>
  requestBody<BulkResult>('Failed to restore students', (a) =>
    a.post(`${ARCHIVED_STUDENTS_PATH}/bulk-restore`, { json: { ids } }),
  );

/** Whole filtered lists as CSV (the kit's CsvExportButton does the same with a progress display). */
export const exportStudents = (filters: QueryFilters) =>
  downloadCsv(STUDENTS_PATH, withoutEmpty(filters), { fallbackName: 'students.csv' });
export const exportArchivedStudents = (filters: QueryFilters) =>
  downloadCsv(ARCHIVED_STUDENTS_PATH, withoutEmpty(filters), { fallbackName: 'archived-students.csv' });

/** The import template (header line + an example row). */
export const downloadImportTemplate = () =>
  downloadCsv(`${IMPORT_PATH}/template`, {}, { fallbackName: 'students-import-template.csv' });

const importBody = (schoolId: number, file: File) => {
  const form = new FormData();
  form.append('schoolId', String(schoolId));
  form.append('file', file);
  return form;
};

/** POST students/import/preview: every row's verdict; nothing is written. */
export const previewImport = (schoolId: number, file: File, signal?: AbortSignal) =>
  request<ImportPreview>('Failed to check the CSV file', (a) =>
    a.post(`${IMPORT_PATH}/preview`, {
      body: importBody(schoolId, file),
      signal,
      timeout: 60_000,
    }),
  );

/**
 * POST students/import/commit: uploads the file again (the server checks it afresh) and reads the NDJSON
 * progress stream; `onEvent` gets every progress line; resolves with the summary.
 */
export async function commitImport(
  schoolId: number,
  file: File,
  opts: { onEvent?: (event: ImportEvent) => void; signal?: AbortSignal } = {},
): Promise<ImportSummary> {
  const fallback = 'Failed to import students';
  let res: Response;
  try {
    res = await api.post(`${IMPORT_PATH}/commit`, {
      body: importBody(schoolId, file),
      signal: opts.signal,
      // The response starts as soon as the file is checked; the long part is streamed progress.
      timeout: 60_000,
    });
  } catch (err) {
    throw await toApiError(err, fallback);
  }
  let summary: ImportSummary | undefined;
  for await (const event of ndjson(res)) {
    if (event.type === 'error') throw await toApiError(new Error(event.message), fallback);
    if (event.type === 'summary') summary = event.summary;
    opts.onEvent?.(event);
  }
  if (!summary)
    throw await toApiError(new Error('The import stopped before it finished. Check the student list and try again.'), fallback);
  return summary;
}

/** Saves an import summary as CSV (built in the browser from the summary the commit answered). */
export const downloadImportSummary = (summary: ImportSummary) =>
  saveFile(new Blob([importSummaryCsv(summary)], { type: 'text/csv;charset=utf-8' }), `import-summary-${summary.schoolId}.csv`);

async function* ndjson(res: Response): AsyncGenerator<ImportEvent> {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as ImportEvent;
    if (done) return;
  }
}

/** Empty search and date values are omitted from the request. */
function withoutEmpty(query: QueryFilters): QueryFilters {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));
}
