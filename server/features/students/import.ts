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
import { IMPORT_DATE_RULE, matchGrade, readImportCells } from '@domain/students/import-values';
import { registerFilled } from '@domain/students/register';
import { EVERY_SCHOOL, type Unavailability } from '@core/http/not-available';
import { conflictText } from './service';

/*
 * The checking half of the CSV import: reading the file (≤ 5 MB, UTF-8 text, csv-parse),
 * matching the header line, reading each cell as a registrar writes it (import-values.ts), validating every field
 * with the Register Student rules, naming grades and sections within the school, and finding duplicates inside
 * the file and against the database — every problem of a row at once. The
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
  schoolName: string;
  fileName: string;
  /** how cells were read, for the preview */
  rules: string[];
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

const ROW_FIELDS = Object.keys(importRowSchema.shape) as Array<keyof ImportRow>;
type Grades = Array<{ id: number; name: string }>;

/**
 * One row's cells read leniently (readImportCells, matchGrade) and checked field by field, so every problem of the
 * row is reported at once; `checked` holds each field that passed (the duplicate checks read them).
 */
function checkRow(
  line: number,
  cells: string[],
  columns: ImportColumnKey[],
  grades: Grades,
  sectionByName: Map<string, number>,
): AnalysedRow & { checked: Partial<ImportRow> } {
  const raw: Record<string, string> = {};
  columns.forEach((column, i) => {
    if (column && column !== 'password') raw[column] = cells[i] ?? '';
  });
  const read = readImportCells(raw);
  const errors: Record<string, string> = {};
  const notes = { ...read.notes };
  if (cells.slice(columns.length).some((c) => c !== '')) errors._ = 'This row has more cells than the header line';
  const checked: Partial<ImportRow> = {};
  for (const field of ROW_FIELDS) {
    if (read.errors[field]) {
      errors[field] = read.errors[field]!;
      continue;
    }
    const one = validate(importRowSchema.pick({ [field]: true } as Record<keyof ImportRow, true>), {
      [field]: read.cells[field],
    });
    if (one.ok) Object.assign(checked, one.value);
    else Object.assign(errors, one.errors);
  }
  let gradeId: number | null = null;
  let sectionId: number | null = null;
  if (raw.grade?.trim()) {
    const grade = matchGrade(raw.grade, grades);
    gradeId = grade?.id ?? null;
    if (!grade) errors.grade = IM.gradeNotFound(raw.grade);
    else if (!grade.exact) notes.grade = `Grade "${raw.grade}" matched to ${grade.name}`;
  }
  if (raw.section?.trim()) {
    if (!raw.grade?.trim()) errors.section = IM.sectionNeedsGrade;
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
      notes,
      firstName: raw.firstName ?? '',
      lastName: raw.lastName ?? '',
      lrn: raw.lrn ?? '',
      email: raw.email ?? '',
      grade: raw.grade ?? '',
      section: raw.section ?? '',
      dateOfBirth: checked.dateOfBirth ?? raw.dateOfBirth ?? '',
      registerFields: registerFilled(raw),
    },
    value: ok ? (checked as ImportRow) : undefined,
    checked,
    gradeId,
    sectionId,
  };
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
  const school = await db.selectFrom('schools').select(['id', 'name']).where('id', '=', schoolId).executeTakeFirst();
  if (!school) throw badRequest(SCHOOL_NOT_FOUND, { schoolId: SCHOOL_NOT_FOUND });
  const { columns, records } = await readImportFile(file);
  const [grades, sections] = await Promise.all([
    db.selectFrom('grades').select(['id', 'name']).where('schoolId', '=', schoolId).execute(),
    db.selectFrom('sections').select(['id', 'name', 'gradeId']).where('schoolId', '=', schoolId).execute(),
  ]);
  const sectionByName = new Map(sections.map((s) => [`${s.gradeId}:${key(s.name)}`, s.id]));
  const rows = records.map(({ line, cells }) => checkRow(line, cells, columns, grades, sectionByName));

  // Duplicates, for every row whose value itself is fine (a row with other problems still hears of them): the
  // first occurrence in the file wins, the database beats both.
  const fields = [
    { field: 'lrn', label: 'LRN' },
    { field: 'email', label: 'email' },
    { field: 'rfidCardId', label: 'RFID card ID' },
  ] as const;
  let unavailable = 0;
  const duplicated = new Set<AnalysedRow>();
  for (const f of fields) {
    const of = (r: (typeof rows)[number]) => r.checked[f.field] ?? undefined;
    const inDb = await taken(
      db,
      f.field,
      rows.flatMap((r) => of(r) ?? []),
    );
    const firstLine = new Map<string, number>();
    for (const r of rows) {
      const v = of(r);
      if (!v) continue;
      const seen = firstLine.get(v);
      if (inDb.has(v)) {
        const text = conflictText(f.field, inDb.get(v) ?? null, gate.ownSchoolId);
        r.result.errors[f.field] = text.message;
        if (text.other) unavailable += 1;
        duplicated.add(r);
      } else if (seen !== undefined) {
        r.result.errors[f.field] = IM.duplicateInFile(f.label, seen);
        duplicated.add(r);
      } else firstLine.set(v, r.result.line);
    }
  }
  for (const r of duplicated) {
    if (r.result.status === 'valid') r.result.status = 'duplicate';
    r.value = undefined;
  }
  await gate.record(unavailable);
  const rules = [IMPORT_DATE_RULE, ...(columns.includes('password') ? [IM.passwordIgnored] : [])];
  return {
    schoolId,
    schoolName: school.name,
    fileName: file?.fileName ?? '',
    rules,
    rows: rows.map(({ checked: _checked, ...row }) => row),
  };
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
    rules: a.rules,
    rows: a.rows.map((r) => r.result),
  };
}
