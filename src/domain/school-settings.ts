import { z } from 'zod';
import { schoolDaysField, SETTINGS_MESSAGES, timeField } from './attendance';
import { clearableText } from './validation';
import { SCHOOL_HEAD_MAX, SCHOOL_MESSAGES, schoolHeadNameField } from './schools';

/*
 * A school's own settings, which its staff with MANAGE_SCHOOL_SETTINGS change (the super admin too): the class days,
 * the late and absence cutoffs, and what DepEd's forms print (School ID, school head). The time zone stays the
 * super admin's; holidays and suspensions are the calendar's.
 */

export { SCHOOL_HEAD_MAX };
export const SCHOOL_SETTINGS_SAVED = 'School settings saved';

/**
 * PUT /api/{super-admin|admin}/schools/{id}/settings: days and cutoffs always; the School ID and the head's name
 * absent = unchanged, '' or null = cleared.
 */
export const schoolSettingsSchema = z
  .object({
    schoolDays: schoolDaysField,
    lateCutoff: timeField(SETTINGS_MESSAGES.lateCutoff),
    absenceCutoff: timeField(SETTINGS_MESSAGES.absenceCutoff),
    depedSchoolId: clearableText(20).refine((v) => v == null || /^\d{6}$/.test(v), SCHOOL_MESSAGES.depedSchoolId),
    schoolHeadName: schoolHeadNameField,
  })
  .superRefine((v, ctx) => {
    if (v.absenceCutoff <= v.lateCutoff)
      ctx.addIssue({ code: 'custom', path: ['absenceCutoff'], message: SETTINGS_MESSAGES.order });
  });
export type SchoolSettingsInput = z.input<typeof schoolSettingsSchema>;
export type SchoolSettingsUpdate = z.output<typeof schoolSettingsSchema>;

/** The settings as the API answers them; the time zone tells the cutoffs' clock. */
export const schoolSettingsReplySchema = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  timeZone: z.string(),
  schoolDays: z.array(z.number()),
  lateCutoff: z.string(),
  absenceCutoff: z.string(),
  depedSchoolId: z.string().nullable(),
  schoolHeadName: z.string().nullable(),
});
export type SchoolSettings = z.infer<typeof schoolSettingsReplySchema>;
