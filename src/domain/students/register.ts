import { clearableText } from '../validation';

/*
 * What DepEd's School Register (SF1) asks of a learner beyond the record's other fields, all optional. The record's
 * existing fields fill the rest of SF1 rather than being asked twice:
 * - address: the house no./street part (barangay, municipality/city and province are their own fields);
 * - parent first/last name: SF1's "Guardian" name (the contact person the school writes to), with
 *   guardianRelationship saying who they are to the learner (Mother, Grandmother, Aunt…);
 * - parent phone: SF1's "Contact number of parent or guardian".
 * One list, in SF1's column order: the student schema, the form, the details view, the CSV import and export use it.
 */

export const REGISTER_FIELDS = [
  { key: 'motherTongue', label: 'Mother Tongue', max: 100 },
  { key: 'ethnicGroup', label: 'Ethnic Group (IP)', max: 100 },
  { key: 'religion', label: 'Religion', max: 100 },
  { key: 'barangay', label: 'Barangay', max: 100 },
  { key: 'municipality', label: 'Municipality/City', max: 100 },
  { key: 'province', label: 'Province', max: 100 },
  { key: 'fatherName', label: "Father's Name", max: 200 },
  { key: 'motherMaidenName', label: "Mother's Maiden Name", max: 200 },
  { key: 'guardianRelationship', label: 'Guardian Relationship', max: 50 },
] as const;
export type RegisterFieldKey = (typeof REGISTER_FIELDS)[number]['key'];

/** The label of the record's address on SF1's terms (its other parts are REGISTER_FIELDS). */
export const ADDRESS_LABEL = 'Address (House No./Street)';

/** The zod fields of the student schemas (person fields): clearable text, '' and null clear. */
export const registerFields = Object.fromEntries(REGISTER_FIELDS.map((f) => [f.key, clearableText(f.max)])) as Record<
  RegisterFieldKey,
  ReturnType<typeof clearableText>
>;

export type RegisterValues = Record<RegisterFieldKey, string | null>;

/** How many of SF1's own fields a learner's record fills (the import preview shows it). */
export const registerFilled = (v: Partial<Record<RegisterFieldKey, string | null | undefined>>) =>
  REGISTER_FIELDS.filter((f) => (v[f.key] ?? '').trim() !== '').length;
