import { request } from '@kit/http';
import { downloadFile, type DownloadProgress } from '@kit/list/csv';
import type { Sf1Form } from '@domain/sf1';
import type { Sf2Choices, Sf2Form } from '@domain/sf2';

/** DepEd School Forms 1, 2 and 4 calls. */
export const fetchSf2Choices = (schoolId: number, signal?: AbortSignal) =>
  request<Sf2Choices>('Failed to fetch the sections', (api) =>
    api.get(`super-admin/schools/${schoolId}/sf2/choices`, { signal }),
  );

export const fetchSf2 = (schoolId: number, sectionId: number, month: string, signal?: AbortSignal) =>
  request<Sf2Form>('Failed to make School Form 2', (api) =>
    api.get(`super-admin/schools/${schoolId}/sections/${sectionId}/sf2`, { searchParams: { month, format: 'json' }, signal }),
  );

/** A section's form as a file. */
export const downloadSf2 = (schoolId: number, sectionId: number, month: string, format: 'xlsx' | 'pdf') =>
  downloadFile(
    `super-admin/schools/${schoolId}/sections/${sectionId}/sf2`,
    { month, format },
    { fallbackName: `SF2-${month}.${format}`, failure: 'Failed to download School Form 2', timeoutMs: 60_000 },
  );

/** Every section's form in one ZIP; the server streams it as it makes each file. */
export const downloadSchoolSf2 = (
  schoolId: number,
  month: string,
  format: 'xlsx' | 'pdf',
  onProgress: (p: DownloadProgress) => void,
) =>
  downloadFile(
    `super-admin/schools/${schoolId}/sf2.zip`,
    { month, format },
    { fallbackName: `SF2-${month}.zip`, failure: 'Failed to download the school’s forms', timeoutMs: 120_000, onProgress },
  );

/** School Form 4 of the school and month (a row per section), as XLSX. */
export const downloadSf4 = (schoolId: number, month: string) =>
  downloadFile(
    `super-admin/schools/${schoolId}/sf4`,
    { month, format: 'xlsx' },
    { fallbackName: `SF4-${month}.xlsx`, failure: 'Failed to download School Form 4', timeoutMs: 60_000 },
  );

/** School Form 1 (School Register) of a section for the school year. */
export const fetchSf1 = (schoolId: number, sectionId: number, schoolYear: string, signal?: AbortSignal) =>
  request<Sf1Form>('Failed to make School Form 1', (api) =>
    api.get(`super-admin/schools/${schoolId}/sections/${sectionId}/sf1`, {
      searchParams: { format: 'json', ...(schoolYear && { schoolYear }) },
      signal,
    }),
  );

/** `schoolYear`: a year rolled over ('2025-2026'); '' the current one. */
export const downloadSf1 = (schoolId: number, sectionId: number, schoolYear: string, format: 'xlsx' | 'pdf') =>
  downloadFile(
    `super-admin/schools/${schoolId}/sections/${sectionId}/sf1`,
    { format, ...(schoolYear && { schoolYear }) },
    { fallbackName: `SF1.${format}`, failure: 'Failed to download School Form 1', timeoutMs: 60_000 },
  );
