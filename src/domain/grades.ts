import { z } from 'zod';
import {
  booleanField,
  clearableText,
  idField,
  idPath,
  isWholeNumber,
  optionalNumber,
  isSafeText,
  UNSAFE_TEXT_ERROR,
} from './validation';

/** Default grade level 1. */
export const DEFAULT_GRADE_LEVEL = 1;

/** Grade / Section messages, shared by the forms and the API. */
export const GRADE_MESSAGES = {
  name: 'Grade name is required',
  level: 'Level must be a positive number',
  schoolId: 'School ID is required',
  duplicate: 'A grade with this name already exists in this school',
} as const;

export const SECTION_MESSAGES = {
  name: 'Section name is required',
  gradeId: 'Please select a grade',
  capacity: 'Capacity must be a positive number',
  gradeOfOtherSchool: 'The selected grade does not belong to this school',
  duplicate: 'A section with this name already exists in this grade',
} as const;

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Name must be 100 characters or less')
    .refine(isSafeText, UNSAFE_TEXT_ERROR);

const positiveInt = (n: number) => isWholeNumber(n, 1);

/** Level: a positive whole number; missing → 1, '' or non-numeric → the level message. */
const levelField = optionalNumber(GRADE_MESSAGES.level, { test: positiveInt, message: GRADE_MESSAGES.level }).refine(
  (v) => v !== null,
  GRADE_MESSAGES.level,
);

const capacityField = optionalNumber(SECTION_MESSAGES.capacity, { test: positiveInt, message: SECTION_MESSAGES.capacity });

/** POST /api/super-admin/grades: name, description (omitted if empty), level, schoolId. */
export const gradeCreateSchema = z.object({
  name: requiredName(GRADE_MESSAGES.name),
  description: clearableText(500),
  level: levelField.transform((v) => v ?? DEFAULT_GRADE_LEVEL),
  schoolId: idField(GRADE_MESSAGES.schoolId),
});
export type GradeCreateInput = z.output<typeof gradeCreateSchema>;

/** PATCH /api/super-admin/grades/{id}: edit, or isActive false to deactivate. */
export const gradeUpdateSchema = z.object({
  name: requiredName(GRADE_MESSAGES.name).optional(),
  description: clearableText(500),
  level: levelField,
  isActive: booleanField('Active must be true or false').optional(),
});
export type GradeUpdateInput = z.output<typeof gradeUpdateSchema>;

/** POST /api/super-admin/sections: name, description, gradeId, schoolId, capacity. */
export const sectionCreateSchema = z.object({
  name: requiredName(SECTION_MESSAGES.name),
  description: clearableText(500),
  gradeId: idField(SECTION_MESSAGES.gradeId),
  schoolId: idField(GRADE_MESSAGES.schoolId),
  capacity: capacityField,
  /** The class adviser, who signs the section's School Form 2. */
  adviserName: clearableText(100),
});
export type SectionCreateInput = z.output<typeof sectionCreateSchema>;

/** PATCH /api/super-admin/sections/{id}: edit (null capacity clears it), move within the school, deactivate. */
export const sectionUpdateSchema = z.object({
  name: requiredName(SECTION_MESSAGES.name).optional(),
  description: clearableText(500),
  gradeId: idField(SECTION_MESSAGES.gradeId).optional(),
  capacity: capacityField,
  adviserName: clearableText(100),
  isActive: booleanField('Active must be true or false').optional(),
});
export type SectionUpdateInput = z.output<typeof sectionUpdateSchema>;

/** A grade as the API returns it, with its number of sections. */
export const gradeSchema = z.object({
  id: z.number(),
  schoolId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  level: z.number(),
  isActive: z.boolean(),
  sectionCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Grade = z.infer<typeof gradeSchema>;

/** A section as the API returns it, with its grade's name and level. */
export const sectionSchema = z.object({
  id: z.number(),
  schoolId: z.number(),
  gradeId: z.number(),
  gradeName: z.string(),
  gradeLevel: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  capacity: z.number().nullable(),
  adviserName: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;

/** GET /api/super-admin/grades?schoolId= */
export const gradesQuerySchema = z.object({ schoolId: idField(GRADE_MESSAGES.schoolId) });

/** GET /api/super-admin/sections/{schoolId}/{gradeId}: an id that names nothing is 404 (see idPath). */
export const sectionsParamsSchema = z.object({
  schoolId: idPath('School not found'),
  gradeId: idPath('Grade not found'),
});

/** What the console sends (request bodies as the schemas read them). */
export type GradeCreatePayload = z.input<typeof gradeCreateSchema>;
export type GradePayload = z.input<typeof gradeUpdateSchema>;
export type SectionCreatePayload = z.input<typeof sectionCreateSchema>;
export type SectionPayload = z.input<typeof sectionUpdateSchema>;
