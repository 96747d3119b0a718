import type { Executor } from '@core/db/index';
import type { RosterEntry } from '@domain/gate';

/**
 * The gate's roster: a school's active learners who have a card, with what the screen shows of them (name, grade,
 * section, photo) and their card. Never a guardian's number, an email or an LRN: the page keeps this on its device.
 */
export async function gateRoster(db: Executor, schoolId: number): Promise<RosterEntry[]> {
  const rows = await db
    .selectFrom('students as s')
    .leftJoin('grades as g', 'g.id', 's.gradeId')
    .leftJoin('sections as c', 'c.id', 's.sectionId')
    .select(['s.id', 's.firstName', 's.lastName', 's.profilePictureUrl', 's.rfidCardId', 'g.name as grade', 'c.name as section'])
    .where('s.schoolId', '=', schoolId)
    .where('s.isActive', '=', 1)
    .where('s.isArchived', '=', 0)
    .where('s.rfidCardId', 'is not', null)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    grade: r.grade,
    section: r.section,
    photoUrl: r.profilePictureUrl,
    cardUid: r.rfidCardId!,
  }));
}
