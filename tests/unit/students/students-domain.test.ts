import { describe, expect, it } from 'vitest';
import {
  archiveReasonText,
  createStudentSchema,
  editStudentFormSchema,
  normalizePhMobile,
  placementText,
  registerStudentFormSchema,
  updateStudentSchema,
} from '@domain/students';
import { headerKey, importPercent, importSummaryCsv, importTemplateCsv, matchImportHeaders } from '@domain/students/import';
import { validate } from '@domain/validation';

const valid = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  email: 'Juan@Example.com',
  lrn: '123456789012',
  parentPhone: '09171234567',
  password: 'Password1',
};

describe('student rules', () => {
  it.each([
    ['09171234567', '+639171234567'],
    ['0917 123 4567', '+639171234567'],
    ['0917-123-4567', '+639171234567'],
    ['+639171234567', '+639171234567'],
    ['+63 917 123 4567', '+639171234567'],
    [' +63-917-123-4567 ', '+639171234567'],
  ])('Philippine mobile %s → %s', (raw, e164) => expect(normalizePhMobile(raw)).toBe(e164));

  it.each([
    '9171234567',
    '0817 123 4567',
    '+63817123456',
    '0917123456',
    '091712345678',
    '+1 415 555 0100',
    '(0917) 123 4567',
    'abc',
  ])('not a Philippine mobile: %s', (raw) => expect(normalizePhMobile(raw)).toBeNull());

  it('create: lower-cases the email, stores the phone as E.164, leaves empty gender/date out', () => {
    const r = validate(createStudentSchema, { ...valid, gender: '', dateOfBirth: '', rfidCardId: '04 a1 b2 c3' });
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({
        email: 'juan@example.com',
        parentPhone: '+639171234567',
        gender: null,
        rfidCardId: '04A1B2C3',
      }),
    });
  });

  it('register form: no password (the server generates the first one); e-mail optional', () => {
    const { password: _p, ...form } = valid;
    expect(validate(registerStudentFormSchema, { ...form, email: '' })).toEqual({
      ok: true,
      value: expect.objectContaining({ email: null, lrn: '123456789012' }),
    });
    expect(validate(registerStudentFormSchema, { ...form, email: 'not-an-email' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('edit form: required fields stay required, e-mail may be cleared', () => {
    expect(validate(editStudentFormSchema, { ...valid, email: null }).ok).toBe(true);
    expect(validate(editStudentFormSchema, { ...valid, firstName: '' })).toMatchObject({
      errors: { firstName: 'First name is required' },
    });
  });

  it('update payload: only what is sent; an empty password means unchanged', () => {
    expect(validate(updateStudentSchema, { password: '', address: '' })).toEqual({ ok: true, value: { address: null } });
    expect(validate(updateStudentSchema, { lrn: '1' })).toEqual({ ok: false, errors: { lrn: 'LRN must be a 12-digit number' } });
  });

  it("display helpers: 'No reason provided' and '-' for a missing placement", () => {
    expect(archiveReasonText(null)).toBe('No reason provided');
    expect(archiveReasonText('  ')).toBe('No reason provided');
    expect(archiveReasonText('Moved')).toBe('Moved');
    expect(placementText({ school: null, gradeModel: { id: 1, name: 'G7' }, sectionModel: null })).toEqual({
      school: '-',
      acronym: '-',
      grade: 'G7',
      section: '-',
    });
  });
});

describe('student CSV import rules', () => {
  it('matches headers whatever their case, spaces or underscores', () => {
    expect(headerKey('Parent Phone')).toBe(headerKey('parent_phone'));
    expect(matchImportHeaders(['\ufeffFIRST NAME', 'lastName', 'e-mail', 'LRN', 'parent_phone'])).toEqual({
      ok: true,
      columns: ['firstName', 'lastName', 'email', 'lrn', 'parentPhone'],
    });
    expect(matchImportHeaders(['First Name', 'Last Name', 'Mail', 'LRN', 'Parent Phone'])).toEqual({
      ok: false,
      message: 'Unknown column(s): Mail. Download the template for the expected columns',
    });
    expect(matchImportHeaders(['First Name', 'Last Name', 'Email', 'LRN', 'Parent Phone', ''])).toEqual({
      ok: true,
      columns: ['firstName', 'lastName', 'email', 'lrn', 'parentPhone', undefined],
    });
  });

  it('the template starts with a BOM and lists every column', () => {
    const text = importTemplateCsv();
    expect(text.startsWith('\ufeffFirst Name,Last Name,Email,LRN,Grade,Section,')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(3);
  });

  it('progress percent runs 0→100 across checking, hashing and saving', () => {
    expect(importPercent({ type: 'progress', phase: 'checking', done: 5, total: 10 })).toBe(5);
    expect(importPercent({ type: 'progress', phase: 'hashing', done: 0, total: 10 })).toBe(10);
    expect(importPercent({ type: 'progress', phase: 'hashing', done: 10, total: 10 })).toBe(80);
    expect(importPercent({ type: 'progress', phase: 'saving', done: 0, total: 0 })).toBe(100);
  });

  it('the summary CSV guards formulas', () => {
    const text = importSummaryCsv({
      schoolId: 1,
      schoolName: 'School',
      fileName: 'x.csv',
      total: 1,
      created: 0,
      skipped: 0,
      failed: 1,
      rows: [
        {
          line: 2,
          status: 'failed',
          reason: 'LRN is required',
          studentId: null,
          name: '=1+1',
          lrn: '',
          email: '',
          password: null,
        },
      ],
    });
    expect(text).toBe(
      "\ufeffLine,Status,Name,LRN,Email,Student ID,Generated Password,Reason\r\n2,failed,'=1+1,,,,,LRN is required\r\n",
    );
  });
});
