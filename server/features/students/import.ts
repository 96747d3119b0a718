import { parse } from 'csv-parse/sync';
import type { Executor } from '@core/db/index';
import fs from 'node:fs/promises';
import { badRequest } from '@core/http/errors';
import type { ReceivedFile } from '@core/uploads/upload-pipeline';
import { SCHOOL_NOT_FOUND } from '../schools';
import { validate } from '@domain/validation';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES as IM,
  importRowSchema,
  matchImportHeaders,
  type ImportColumnKey,
  type ImportPreview,
  type ImportRow,
  type ImportRowResult,
} from '@domain/students/import';
import { EVERY_SCHOOL, type Unavailability } from '@core/http/not-available';
import { conflictText } from './service';

/*
 * The checking half of the CSV import: reading the file (≤ 5 MB, UTF-8 text, csv-parse),
 * matching the header line, validating every row with the Register Student rules, naming grades and
 * sections within the school, and finding duplicates inside the file and against the database. The
 * preview answers this analysis; the commit (students-import-commit.ts) runs it again on the same file
 * and writes the valid rows.
 */

/** A checked row: its verdict for the preview plus what the commit needs to write it. */
export interface AnalysedRow {
  result: ImportRowResult;
  /** the validated fields (when the row passed validation) */
  value?: ImportRow;
  gradeId: number | null;
  sectionId: number | null;
}

export interface ImportAnalysis {
  schoolId: number;
  fileName: string;
  rows: AnalysedRow[];
}

const LOOKUP_CHUNK = 500;

/**
 * The records of an uploaded CSV (the upload pipeline has already refused files over 5 MB and files that are
 * not UTF-8 text named .csv): 400 when it has no rows, a wrong header line or text csv-parse cannot read.
 */
export async function readImportFile(
  file: ReceivedFile | undefined,
): Promise<{ columns: ImportColumnKey[]; records: Array<{ line: number; cells: string[] }> }> {
  if (!file || file.size === 0) throw badRequest(IM.noFile, { file: IM.noFile });
  const text = (await fs.readFile(file.tempPath)).toString('utf8');
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof parsed;
  } catch (err) {
    const message = IM.unreadable(err instanceof Error ? err.message : 'unknown error');
    throw badRequest(message, { file: message });
  }
  const [header, ...rows] = parsed;
  if (!header) throw badRequest(IM.empty, { file: IM.empty });
  const match = matchImportHeaders(header.record);
  if (!match.ok) throw badRequest(match.message, { file: match.message });
  const records = rows.filter((r) => r.record.some((c) => c !== '')).map((r) => ({ line: r.info.lines, cells: r.record }));
  if (records.length === 0) throw badRequest(IM.empty, { file: IM.empty });
  if (records.length > IMPORT_MAX_ROWS) throw badRequest(IM.tooManyRows, { file: IM.tooManyRows });
  return { columns: match.columns, records };
}

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** Values the database already holds → the holder's school, looked up in chunks (IN lists stay small on both databases). */
async function taken(
  db: Executor,
  column: 'lrn' | 'email' | 'rfidCardId',
  values: string[],
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('students')
      .select([column, 'schoolId'])
      .where(column, 'in', unique.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const r of rows) if (r[column]) out.set(r[column] as string, r.schoolId);
  }
  return out;
}

/**
 * Checks every row of the file against the rules, the school's grades and sections, the file itself and the database.
 * `gate`: a school admin's (the import's school is theirs): refused (429) once their "not available" answers are
 * spent; a value another school's learner holds is "not available" and counted, per value.
 */
export async function analyseImport(
  db: Executor,
  schoolId: number,
  file: ReceivedFile | undefined,
  gate: Unavailability = EVERY_SCHOOL,
): Promise<ImportAnalysis> {
  await gate.assertOpen();
  const school = await db.selectFrom('schools').select('id').where('id', '=', schoolId).executeTakeFirst();
  if (!school) throw badRequest(SCHOOL_NOT_FOUND, { schoolId: SCHOOL_NOT_FOUND });
  const { columns, records } = await readImportFile(file);
  const [grades, sections] = await Promise.all([
    db.selectFrom('grades').select(['id', 'name']).where('schoolId', '=', schoolId).execute(),
    db.selectFrom('sections').select(['id', 'name', 'gradeId']).where('schoolId', '=', schoolId).execute(),
  ]);
  const gradeByName = new Map(grades.map((g) => [key(g.name), g.id]));
  const sectionByName = new Map(sections.map((s) => [`${s.gradeId}:${key(s.name)}`, s.id]));

  const rows: AnalysedRow[] = records.map(({ line, cells }) => {
    const raw: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column) raw[column] = cells[i] ?? '';
    });
    const errors: Record<string, string> = {};
    if (cells.slice(columns.length).some((c) => c !== '')) errors._ = 'This row has more cells than the header line';
    const checked = validate(importRowSchema, raw);
    if (!checked.ok) Object.assign(errors, checked.errors);
    let gradeId: number | null = null;
    let sectionId: number | null = null;
    if (raw.grade) {
      gradeId = gradeByName.get(key(raw.grade)) ?? null;
      if (gradeId == null) errors.grade = IM.gradeNotFound(raw.grade);
    }
    if (raw.section) {
      if (!raw.grade) errors.section = IM.sectionNeedsGrade;
      else if (gradeId != null) {
        sectionId = sectionByName.get(`${gradeId}:${key(raw.section)}`) ?? null;
        if (sectionId == null) errors.section = IM.sectionNotFound(raw.section);
      }
    }
    const ok = Object.keys(errors).length === 0;
    return {
      result: {
        line,
        status: ok ? 'valid' : 'invalid',
        errors,
        firstName: raw.firstName ?? '',
        lastName: raw.lastName ?? '',
        lrn: raw.lrn ?? '',
        email: raw.email ?? '',
        grade: raw.grade ?? '',
        section: raw.section ?? '',
      },
      value: checked.ok ? checked.value : undefined,
      gradeId,
      sectionId,
    };
  });

  // Duplicates among the rows that passed: the first occurrence in the file wins, the database beats both.
  const valid = rows.filter((r) => r.result.status === 'valid' && r.value);
  const fields = [
    { field: 'lrn', label: 'LRN', of: (v: ImportRow) => v.lrn },
    { field: 'email', label: 'email', of: (v: ImportRow) => v.email },
    { field: 'rfidCardId', label: 'RFID card ID', of: (v: ImportRow) => v.rfidCardId ?? undefined },
  ] as const;
  let unavailable = 0;
  for (const f of fields) {
    const values = valid.flatMap((r) => {
      const v = f.of(r.value!);
      return v ? [v] : [];
    });
    const inDb = await taken(db, f.field, values);
    const firstLine = new Map<string, number>();
    for (const r of valid) {
      const v = f.of(r.value!);
      if (!v) continue;
      const seen = firstLine.get(v);
      if (inDb.has(v)) {
        const text = conflictText(f.field, inDb.get(v) ?? null, gate.ownSchoolId);
        r.result.errors[f.field] = text.message;
        if (text.other) unavailable += 1;
      } else if (seen !== undefined) r.result.errors[f.field] = IM.duplicateInFile(f.label, seen);
      else firstLine.set(v, r.result.line);
    }
  }
  for (const r of valid) if (Object.keys(r.result.errors).length) r.result.status = 'duplicate';
  await gate.record(unavailable);
  return { schoolId, fileName: file?.fileName ?? '', rows };
}

export function toPreview(a: ImportAnalysis): ImportPreview {
  const count = (s: ImportRowResult['status']) => a.rows.filter((r) => r.result.status === s).length;
  return {
    schoolId: a.schoolId,
    fileName: a.fileName,
    total: a.rows.length,
    valid: count('valid'),
    invalid: count('invalid'),
    duplicates: count('duplicate'),
    rows: a.rows.map((r) => r.result),
  };
}
