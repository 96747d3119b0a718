import { describe, expect, it } from 'vitest';
import { schoolCreateSchema, schoolUpdateSchema, websiteHref, WEBSITE_PATTERN, expiryBeforeContract } from '@domain/schools';
import { gradeCreateSchema, gradeUpdateSchema, sectionCreateSchema, sectionUpdateSchema } from '@domain/grades';
import { validate } from '@domain/validation';
import { fileUrl } from '@domain/files';
import { capacityUsed } from '../../../server/features/schools/service';

const errorsOf = (schema: Parameters<typeof validate>[0], input: unknown) => {
  const r = validate(schema, input);
  return r.ok ? {} : r.errors;
};

describe('school schema', () => {
  it('gives every message of the form at once', () => {
    expect(
      errorsOf(schoolCreateSchema, {
        name: '',
        acronym: '',
        email: 'a@b',
        website: 'http://',
        studentCount: '12x',
        contractAmount: 'ten',
      }),
    ).toEqual({
      name: 'School name is required',
      acronym: 'Acronym is required',
      email: 'Please enter a valid email address',
      website: 'Please enter a valid website URL',
      studentCount: 'Student count must be a number',
      contractAmount: 'Contract amount must be a number',
    });
    expect(errorsOf(schoolCreateSchema, { name: 'A', acronym: 'ABCDEFGHIJK' })).toEqual({
      acronym: 'Acronym must be 10 characters or less',
    });
  });

  it('accepts optional fields only when present and numbers only when numeric', () => {
    const r = schoolCreateSchema.parse({
      name: ' X ',
      acronym: 'X',
      email: '',
      website: '',
      studentCount: '',
      contractAmount: ' 12.5 ',
    });
    expect(r).toMatchObject({ name: 'X', email: null, website: null, studentCount: null, contractAmount: 12.5 });
    expect(r.address).toBeUndefined();
    expect(schoolCreateSchema.parse({ name: 'X', acronym: 'X', studentCount: 0 }).studentCount).toBe(0);
    expect(errorsOf(schoolCreateSchema, { name: 'X', acronym: 'X', studentCount: '1e3' })).toEqual({
      studentCount: 'Student count must be a number',
    });
    expect(errorsOf(schoolCreateSchema, { name: 'X', acronym: 'X', studentCount: -1 })).toEqual({
      studentCount: 'Student count must be a whole number of 0 or more',
    });
  });

  it('takes a website with or without a scheme', () => {
    for (const ok of ['school.edu.ph', 'www.school.org', 'https://school.org/about?x=1', 'http://sub.school.co.uk:8080']) {
      expect(WEBSITE_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['school', 'not a url', 'ftp://school.org', 'https://', 'javascript:alert(1)']) {
      expect(WEBSITE_PATTERN.test(bad), bad).toBe(false);
    }
    expect(websiteHref('school.org')).toBe('https://school.org');
    expect(websiteHref('http://school.org')).toBe('http://school.org');
  });

  it('wants the expiry on or after the contract date', () => {
    expect(
      errorsOf(schoolCreateSchema, { name: 'X', acronym: 'X', contractDate: '2025-02-01', contractExpiryDate: '2025-01-31' }),
    ).toEqual({
      contractExpiryDate: 'Expiry date must be after contract date',
    });
    expect(
      errorsOf(schoolCreateSchema, { name: 'X', acronym: 'X', contractDate: '2025-02-01', contractExpiryDate: '2025-02-01' }),
    ).toEqual({});
    expect(errorsOf(schoolCreateSchema, { name: 'X', acronym: 'X', contractDate: '2025-02-30' })).toEqual({
      contractDate: 'Please enter a valid date (YYYY-MM-DD)',
    });
    expect(expiryBeforeContract(null, '2020-01-01')).toBe(false);
  });

  it('update: any subset, null clears, isActive from JSON or text', () => {
    expect(schoolUpdateSchema.parse({})).toEqual({});
    expect(schoolUpdateSchema.parse({ website: null, isActive: 'false' })).toEqual({ website: null, isActive: false });
    expect(errorsOf(schoolUpdateSchema, { name: '' })).toEqual({ name: 'School name is required' });
  });
});

describe('grade and section schemas', () => {
  it('grade: name required, level positive with default 1', () => {
    expect(gradeCreateSchema.parse({ name: 'Grade 1', schoolId: '3' })).toEqual({
      name: 'Grade 1',
      level: 1,
      schoolId: 3,
      description: undefined,
    });
    expect(gradeCreateSchema.parse({ name: 'G', schoolId: 3, description: '' }).description).toBeNull();
    expect(errorsOf(gradeCreateSchema, { name: '', level: 0, schoolId: 1 })).toEqual({
      name: 'Grade name is required',
      level: 'Level must be a positive number',
    });
    expect(errorsOf(gradeCreateSchema, { name: 'G' })).toEqual({ schoolId: 'School ID is required' });
    expect(gradeUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it('section: name and grade required, capacity positive when given', () => {
    expect(errorsOf(sectionCreateSchema, { name: '', gradeId: '', schoolId: 1, capacity: '0' })).toEqual({
      name: 'Section name is required',
      gradeId: 'Please select a grade',
      capacity: 'Capacity must be a positive number',
    });
    expect(sectionCreateSchema.parse({ name: 'A', gradeId: '2', schoolId: 1, capacity: '' })).toMatchObject({
      gradeId: 2,
      capacity: null,
    });
    expect(errorsOf(sectionCreateSchema, { name: 'A', gradeId: 2, schoolId: 1, capacity: 2.5 })).toEqual({
      capacity: 'Capacity must be a positive number',
    });
    expect(sectionUpdateSchema.parse({ capacity: null })).toEqual({ capacity: null });
  });
});

describe('file URLs and capacity', () => {
  it('keeps absolute URLs on https and serves relative ones from /uploads/', () => {
    expect(fileUrl('http://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(fileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(fileUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(fileUrl('a.png')).toBe('/uploads/a.png');
    expect(fileUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(fileUrl(null)).toBeNull();
  });

  it('rounds the capacity used and gives 0 without a capacity', () => {
    expect(capacityUsed(2, 3)).toBe(67);
    expect(capacityUsed(5, 4)).toBe(125);
    expect(capacityUsed(5, null)).toBe(0);
    expect(capacityUsed(5, 0)).toBe(0);
  });
});
