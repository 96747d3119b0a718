import type { DB, Executor } from '@core/db/index';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { requireSchool } from '../schools';
import { forgetSchoolRules } from './rules';
import type { SchoolSettings, SchoolSettingsUpdate } from '@domain/school-settings';

/*
 * A school's own settings (class days, late and absence cutoffs, DepEd School ID, school head), changed by its staff
 * with MANAGE_SCHOOL_SETTINGS or by the super admin. Taps and the absence job read the days and cutoffs.
 */

export async function getSchoolSettings(db: Executor, schoolId: number, defaultTimeZone: string): Promise<SchoolSettings> {
  const school = await requireSchool(db, schoolId);
  return {
    schoolId: school.id,
    schoolName: school.name,
    timeZone: school.timezone ?? defaultTimeZone,
    schoolDays: school.schoolDays.split(',').map(Number),
    lateCutoff: school.lateCutoff,
    absenceCutoff: school.absenceCutoff,
    depedSchoolId: school.depedSchoolId,
    schoolHeadName: school.schoolHeadName,
  };
}

/** Saves what changed, logged as UPDATE_SCHOOL_SETTINGS with each change (nothing changed: nothing written). */
export async function putSchoolSettings(
  db: DB,
  schoolId: number,
  input: SchoolSettingsUpdate,
  defaultTimeZone: string,
  actor: Actor,
): Promise<SchoolSettings> {
  const before = await getSchoolSettings(db, schoolId, defaultTimeZone);
  const after = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  const changes = diff(before, after);
  if (Object.keys(changes).length === 0) return before;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('schools')
      .set({
        schoolDays: after.schoolDays.join(','),
        lateCutoff: after.lateCutoff,
        absenceCutoff: after.absenceCutoff,
        depedSchoolId: after.depedSchoolId,
        schoolHeadName: after.schoolHeadName,
        updatedAt: nowIso(),
      })
      .where('id', '=', schoolId)
      .execute();
    await writeLog(trx, actor, { action: 'UPDATE_SCHOOL_SETTINGS', entity: 'School', entityId: schoolId, details: { changes } });
  });
  forgetSchoolRules();
  return getSchoolSettings(db, schoolId, defaultTimeZone);
}
