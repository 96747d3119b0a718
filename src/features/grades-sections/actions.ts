import { createGrade, updateGrade } from './grades-api';
import type { Grade, Section } from '@domain/grades';
import { createSection, updateSection } from './sections-api';
import {
  DEFAULT_GRADE_LEVEL,
  gradeCreateSchema,
  gradeUpdateSchema,
  sectionCreateSchema,
  sectionUpdateSchema,
} from '@domain/grades';
import { validate } from '@domain/validation';
import { actionFailure, invalid, sentFields, type ActionResult } from '@kit/form/action';

export interface GradeForm {
  name: string;
  description: string;
  level: string;
}

export interface SectionForm {
  name: string;
  description: string;
  gradeId: string;
  capacity: string;
  adviserName: string;
}

export const gradeForm = (grade?: Grade | null): GradeForm => ({
  name: grade?.name ?? '',
  description: grade?.description ?? '',
  level: String(grade?.level ?? DEFAULT_GRADE_LEVEL),
});

export const sectionForm = (section?: Section | null, gradeId?: number | null): SectionForm => ({
  name: section?.name ?? '',
  description: section?.description ?? '',
  gradeId: String(section?.gradeId ?? gradeId ?? ''),
  capacity: section?.capacity == null ? '' : String(section.capacity),
  adviserName: section?.adviserName ?? '',
});

/** Grade: the level input is min 1 and a non-numeric value becomes 0 (so it fails 'Level must be a positive number'). */
export function levelOf(text: string): number {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : 0;
}

/** Creates a grade (description omitted if empty) or saves an edit. */
export async function saveGrade(schoolId: number, form: GradeForm, existing?: Grade | null): Promise<ActionResult<Grade>> {
  const input = { name: form.name, description: form.description, level: levelOf(form.level), schoolId };
  try {
    if (existing) {
      const checked = validate(gradeUpdateSchema, input);
      if (!checked.ok) return invalid(checked.errors);
      const grade = await updateGrade(existing.id, sentFields(checked.value, existing));
      return { ok: true, message: 'Grade updated successfully!', data: grade };
    }
    const checked = validate(gradeCreateSchema, input);
    if (!checked.ok) return invalid(checked.errors);
    const grade = await createGrade({
      ...sentFields(checked.value),
      name: checked.value.name,
      level: checked.value.level,
      schoolId,
    });
    return { ok: true, message: 'Grade created successfully!', data: grade };
  } catch (err) {
    return actionFailure(err, existing ? 'Failed to update grade' : 'Failed to create grade');
  }
}

/** Creates a section (grade required, capacity positive when given) or saves an edit. */
export async function saveSection(
  schoolId: number,
  form: SectionForm,
  existing?: Section | null,
): Promise<ActionResult<Section>> {
  const input = {
    name: form.name,
    description: form.description,
    gradeId: form.gradeId,
    capacity: form.capacity,
    adviserName: form.adviserName,
    schoolId,
  };
  try {
    if (existing) {
      const checked = validate(sectionUpdateSchema, input);
      if (!checked.ok) return invalid(checked.errors);
      const section = await updateSection(existing.id, sentFields(checked.value, existing));
      return { ok: true, message: 'Section updated successfully!', data: section };
    }
    const checked = validate(sectionCreateSchema, input);
    if (!checked.ok) return invalid(checked.errors);
    const { name, gradeId } = checked.value;
    const section = await createSection({ ...sentFields(checked.value), name, gradeId, schoolId });
    return { ok: true, message: 'Section created successfully!', data: section };
  } catch (err) {
    return actionFailure(err, existing ? 'Failed to update section' : 'Failed to create section');
  }
}

/** Deactivates (or reactivates) a grade; its sections and students are kept. */
export async function setGradeActive(grade: Grade, isActive: boolean): Promise<ActionResult<Grade>> {
  try {
    const data = await updateGrade(grade.id, { isActive });
    return { ok: true, message: isActive ? 'Grade activated' : 'Grade deactivated', data };
  } catch (err) {
    return actionFailure(err, 'Failed to update grade');
  }
}

/** Deactivates (or reactivates) a section; its students are kept. */
export async function setSectionActive(section: Section, isActive: boolean): Promise<ActionResult<Section>> {
  try {
    const data = await updateSection(section.id, { isActive });
    return { ok: true, message: isActive ? 'Section activated' : 'Section deactivated', data };
  } catch (err) {
    return actionFailure(err, 'Failed to update section');
  }
}
