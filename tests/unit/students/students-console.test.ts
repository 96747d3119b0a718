import { describe, expect, it } from 'vitest';
import {
  registerNewStudent,
  STUDENT_REGISTERED,
  studentFilterPatch,
  studentForm,
  studentFormPatch,
} from '@features/students/actions';
import { importFileError } from '@features/students/import-store';
import { toggleKeys } from '@kit/list/useRowSelection';
import { IMPORT_MESSAGES } from '@domain/students/import';

describe('Register/Edit Student form rules', () => {
  it("the form has no password: the server generates a learner's first one", () => {
    expect(studentForm(null)).not.toHaveProperty('password');
    expect(studentFormPatch({ lastName: 'Santos' })).toEqual({ lastName: 'Santos' });
  });

  it('a new school clears grade and section; a new grade clears the section', () => {
    expect(studentFormPatch({ schoolId: '2' })).toEqual({ schoolId: '2', gradeId: '', sectionId: '' });
    expect(studentFormPatch({ gradeId: '5' })).toEqual({ gradeId: '5', sectionId: '' });
  });

  it('a new form starts in the place the list shows, with SMS only as the preference', () => {
    expect(studentForm(null, { schoolId: '3', gradeId: '7', sectionId: '' })).toMatchObject({
      schoolId: '3',
      gradeId: '7',
      sectionId: '',
      notificationPreference: 'SMS_ONLY',
    });
  });

  it('checks every required field with the spec messages before anything is sent', async () => {
    const result = await registerNewStudent({ ...studentForm(), email: 'not-an-email', lrn: '12345' }, null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      lrn: 'LRN must be a 12-digit number',
      parentPhone: 'Parent phone number is required',
    });
    expect(result.errors).not.toHaveProperty('password');
  });

  it('shows the spec success text as headline and detail', () => {
    expect(STUDENT_REGISTERED).toEqual({
      message: 'Student Registered Successfully!',
      detail: 'The student has been added to the system.',
    });
  });
});

describe('student list filters (All-schools Students)', () => {
  it('changing school resets grade and section; changing grade resets section; search keeps them', () => {
    expect(studentFilterPatch({ schoolId: '1' })).toEqual({ schoolId: '1', gradeId: '', sectionId: '' });
    expect(studentFilterPatch({ gradeId: '4' })).toEqual({ gradeId: '4', sectionId: '' });
    expect(studentFilterPatch({ searchTerm: 'ana' })).toEqual({ searchTerm: 'ana' });
  });
});

describe('CSV import: the file is checked in the browser first', () => {
  const file = (name: string, bytes: number, type = 'text/csv') => new File([new Uint8Array(bytes)], name, { type });
  it('refuses what is not CSV, over 5 MB, or empty', () => {
    expect(importFileError(file('photo.png', 10, 'image/png'))).toBe(IMPORT_MESSAGES.notCsv);
    expect(importFileError(file('big.csv', 5 * 1024 * 1024 + 1))).toBe(IMPORT_MESSAGES.tooLarge);
    expect(importFileError(file('empty.csv', 0))).toBe(IMPORT_MESSAGES.empty);
    expect(importFileError(file('ok.csv', 5 * 1024 * 1024))).toBeNull();
  });
});

describe('row selection for bulk actions', () => {
  it('ticks and unticks one row or a whole page', () => {
    const one = toggleKeys(new Set([1]), [2], true);
    expect([...one]).toEqual([1, 2]);
    expect([...toggleKeys(one, [1, 2, 3], false)]).toEqual([]);
    expect([...toggleKeys(new Set(), [4, 5], true)]).toEqual([4, 5]);
  });
});
