import { createSchool, putSchoolSettings, updateSchool } from './api';
import { SCHOOL_SETTINGS_SAVED, schoolSettingsSchema, type SchoolSettings } from '@domain/school-settings';
import type { ContractFile, School, SchoolPayload } from '@domain/schools';
import { deleteContractFile, uploadContractFiles } from './contract-files-api';
import { SCHOOL_PROFILE_FIELDS, schoolCreateSchema, schoolProfileSchema, schoolUpdateSchema } from '@domain/schools';
import {
  chosenFileError,
  CONTRACT_FILE_EXTENSIONS,
  CONTRACT_FILE_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
} from '@domain/files';
import { validate } from '@domain/validation';
import { actionFailure, invalid, sentFields, type ActionResult } from '@kit/form/action';

/** The School Management forms (Register New School, School Details/Edit): text inputs plus isActive. */
export interface SchoolForm {
  name: string;
  acronym: string;
  address: string;
  contactNumber: string;
  email: string;
  website: string;
  depedSchoolId: string;
  schoolHeadName: string;
  studentCount: string;
  contractNumber: string;
  contractDate: string;
  contractExpiryDate: string;
  contractStatus: string;
  contractType: string;
  contractAmount: string;
  isActive: boolean;
  /** Edit only: global SMS devices take the school's messages when its own phones have no room. */
  allowGlobalOverflow: boolean;
}

const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));

/** The form's values for a school (empty for a new one). */
export function schoolForm(school?: School | null): SchoolForm {
  return {
    name: text(school?.name),
    acronym: text(school?.acronym),
    address: text(school?.address),
    contactNumber: text(school?.contactNumber),
    email: text(school?.email),
    website: text(school?.website),
    depedSchoolId: text(school?.depedSchoolId),
    schoolHeadName: text(school?.schoolHeadName),
    studentCount: text(school?.studentCount),
    contractNumber: text(school?.contractNumber),
    contractDate: text(school?.contractDate),
    contractExpiryDate: text(school?.contractExpiryDate),
    contractStatus: text(school?.contractStatus),
    contractType: text(school?.contractType),
    contractAmount: text(school?.contractAmount),
    isActive: school?.isActive ?? true,
    allowGlobalOverflow: school?.allowGlobalOverflow ?? false,
  };
}

/** A chosen logo's problem before sending (image, ≤ 2 MB), or null. */
export const logoError = (logo: File | null | undefined) =>
  logo ? chosenFileError(logo, IMAGE_MIME_TYPES, IMAGE_MAX_BYTES, 'Logo') : null;

/**
 * Registers a school or saves an edit (rules through the shared schema). Optional fields are
 * sent only when present and numbers only when numeric; an edit sends a cleared field as null.
 */
export async function saveSchool(form: SchoolForm, logo: File | null, existing?: School | null): Promise<ActionResult<School>> {
  const checked = existing ? validate(schoolUpdateSchema, form) : validate(schoolCreateSchema, form);
  const fileError = logoError(logo);
  if (!checked.ok || fileError)
    return invalid({ ...(checked.ok ? {} : checked.errors), ...(fileError ? { logo: fileError } : {}) });
  const payload = sentFields(checked.value as SchoolPayload, existing);
  try {
    const school = existing ? await updateSchool(existing.id, payload, logo) : await createSchool(payload, logo);
    return { ok: true, message: existing ? 'School updated successfully!' : 'School registered successfully!', data: school };
  } catch (err) {
    return actionFailure(err, existing ? 'Failed to update school' : 'Failed to create school');
  }
}

/**
 * A school admin's School Profile: only the profile fields are checked and sent (the rest is the super
 * admin's), with the logo; a cleared field is sent as null.
 */
export async function saveSchoolProfile(form: SchoolForm, logo: File | null, existing: School): Promise<ActionResult<School>> {
  const fields = Object.fromEntries(SCHOOL_PROFILE_FIELDS.map((k) => [k, form[k]]));
  const checked = validate(schoolProfileSchema, fields);
  const fileError = logoError(logo);
  if (!checked.ok || fileError)
    return invalid({ ...(checked.ok ? {} : checked.errors), ...(fileError ? { logo: fileError } : {}) });
  try {
    const school = await updateSchool(existing.id, sentFields(checked.value as SchoolPayload, existing), logo);
    return { ok: true, message: 'School profile saved!', data: school };
  } catch (err) {
    return actionFailure(err, 'Failed to update school');
  }
}

/** Uploads several contract files at once; all are checked first (type, ≤ 10 MB), and the server keeps all or none. */
export async function addContractFiles(schoolId: number, files: File[]): Promise<ActionResult<ContractFile[]>> {
  if (files.length === 0) return invalid({ files: 'Please choose at least one contract file' });
  const problem = files
    .map((f) => chosenFileError(f, CONTRACT_FILE_EXTENSIONS, CONTRACT_FILE_MAX_BYTES, 'Contract file'))
    .find(Boolean);
  if (problem) return invalid({ files: problem });
  try {
    const list = await uploadContractFiles(schoolId, files);
    return {
      ok: true,
      message: files.length === 1 ? 'Contract file uploaded' : `${files.length} contract files uploaded`,
      data: list,
    };
  } catch (err) {
    return actionFailure(err, 'Failed to upload contract files');
  }
}

/** Deletes a contract file (the caller asks 'Delete this contract file?' first). */
export async function removeContractFile(fileId: number): Promise<ActionResult<ContractFile[]>> {
  try {
    return { ok: true, message: 'Contract file deleted', data: await deleteContractFile(fileId) };
  } catch (err) {
    return actionFailure(err, 'Failed to delete contract file');
  }
}

/** The School Settings form as its inputs hold it. */
export interface SchoolSettingsForm {
  schoolDays: number[];
  lateCutoff: string;
  absenceCutoff: string;
  depedSchoolId: string;
  schoolHeadName: string;
}

export const schoolSettingsForm = (s?: SchoolSettings | null): SchoolSettingsForm => ({
  schoolDays: s?.schoolDays ?? [],
  lateCutoff: s?.lateCutoff ?? '',
  absenceCutoff: s?.absenceCutoff ?? '',
  depedSchoolId: s?.depedSchoolId ?? '',
  schoolHeadName: s?.schoolHeadName ?? '',
});

/** Saves a school's settings, checked with the API's schema first ('' clears the School ID or the head's name). */
export async function saveSchoolSettings(schoolId: number, form: SchoolSettingsForm): Promise<ActionResult<SchoolSettings>> {
  const checked = validate(schoolSettingsSchema, form);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const res = await putSchoolSettings(schoolId, { ...form });
    return { ok: true, message: res.message ?? SCHOOL_SETTINGS_SAVED, data: res.data };
  } catch (err) {
    return actionFailure(err, 'Failed to save school settings');
  }
}
