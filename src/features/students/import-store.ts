import { atom } from 'nanostores';
import { commitImport, previewImport } from './api';
import { toApiError } from '@kit/http';
import {
  importPercent,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportPreview,
  type ImportSummary,
} from '@domain/students/import';

/**
 * The CSV import wizard: choose a school and a file → preview (every row's verdict, nothing
 * written) → import the valid rows with progress → summary. One import at a time, so one store.
 */
export type ImportStep = 'choose' | 'checking' | 'preview' | 'importing' | 'summary';

export interface ImportState {
  step: ImportStep;
  file: File | null;
  /** What is wrong with the chosen file or the last call (shown on the current step). */
  error: string | null;
  preview: ImportPreview | null;
  /** 0..100 while importing (the server's progress lines). */
  percent: number;
  /** What the progress bar is doing ('Uploading', 'Checking rows', 'Saving students'…). */
  phase: string;
  summary: ImportSummary | null;
}

const START: ImportState = { step: 'choose', file: null, error: null, preview: null, percent: 0, phase: '', summary: null };
export const $studentImport = atom<ImportState>(START);

const patch = (p: Partial<ImportState>) => $studentImport.set({ ...$studentImport.get(), ...p });
let controller: AbortController | null = null;

/** Back to the first step (closing the wizard aborts a check or an import still running). */
export function resetImport(): void {
  controller?.abort();
  controller = null;
  $studentImport.set(START);
}

/** The file's problem before anything is sent (the server checks the content again): CSV, at most 5 MB. */
export function importFileError(file: File): string | null {
  if (!/\.csv$/i.test(file.name) && !/csv|text\/plain|ms-excel/.test(file.type)) return IMPORT_MESSAGES.notCsv;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return IMPORT_MESSAGES.empty;
  return null;
}

export function chooseImportFile(file: File | null): void {
  const error = file ? importFileError(file) : null;
  patch({ file: error ? null : file, error, preview: null });
}

function check(schoolId: string): string | null {
  if (!schoolId) return IMPORT_MESSAGES.school;
  if (!$studentImport.get().file) return IMPORT_MESSAGES.noFile;
  return null;
}

/** Uploads the file for the preview; nothing is written. */
export async function checkImport(schoolId: string): Promise<void> {
  const problem = check(schoolId);
  const file = $studentImport.get().file;
  if (problem || !file) return patch({ error: problem });
  controller = new AbortController();
  patch({ step: 'checking', error: null, percent: 0, phase: 'Uploading and checking the file…' });
  try {
    const preview = await previewImport(Number(schoolId), file, controller.signal);
    patch({ step: 'preview', preview });
  } catch (err) {
    if (controller?.signal.aborted) return;
    patch({ step: 'choose', error: (await toApiError(err, 'Failed to check the CSV file')).message });
  }
}

const PHASES = { checking: 'Checking rows', hashing: 'Preparing accounts', saving: 'Saving students' } as const;

/** Imports the valid rows (the server checks the file again and writes them in one transaction). */
export async function runImport(schoolId: string): Promise<boolean> {
  const file = $studentImport.get().file;
  if (!file || !schoolId) return false;
  controller = new AbortController();
  patch({ step: 'importing', error: null, percent: 0, phase: 'Uploading the file' });
  try {
    const summary = await commitImport(Number(schoolId), file, {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'progress') patch({ percent: importPercent(e), phase: PHASES[e.phase] });
      },
    });
    patch({ step: 'summary', summary, percent: 100 });
    return true;
  } catch (err) {
    if (controller?.signal.aborted) return false;
    patch({ step: 'preview', error: (await toApiError(err, 'Failed to import students')).message });
    return false;
  }
}
