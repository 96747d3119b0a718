import type { DB, Executor } from '@core/db/index';
import { badRequest } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { writeLog, type Actor } from '@core/audit-log';
import type { Permission, PermissionCatalogue, PermissionDefinition, SyncResult } from '@domain/admins';

/** The catalogue of school-admin permissions, ordered by category then name. */
export async function listPermissions(db: Executor): Promise<PermissionCatalogue> {
  const permissions: Permission[] = await db
    .selectFrom('permissions')
    .select(['id', 'name', 'description', 'category'])
    .orderBy('category')
    .orderBy('name')
    .execute();
  const groupedByCategory: Record<string, Permission[]> = {};
  for (const p of permissions) (groupedByCategory[p.category] ??= []).push(p);
  return { permissions, groupedByCategory };
}

/** Every permission name of the catalogue, in catalogue order. */
export async function permissionNames(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('permissions').select('name').orderBy('category').orderBy('name').execute();
  return rows.map((r) => r.name);
}

/** 400 naming the permissions the catalogue does not have. */
export function assertKnownPermissions(names: string[], known: string[]): void {
  const catalogue = new Set(known);
  const unknown = names.filter((n) => !catalogue.has(n));
  if (unknown.length) {
    const message = `Unknown permission${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    throw badRequest(message, { permissions: message });
  }
}

/**
 * Upserts permission definitions by name: new names are created, a changed description or category
 * is updated, the rest are unchanged. Running it twice with the same list changes nothing the second
 * time. Logged as SYNC_PERMISSIONS in the same transaction.
 */
export async function syncPermissions(db: DB, definitions: PermissionDefinition[], actor: Actor): Promise<SyncResult> {
  return db.transaction().execute(async (trx) => {
    const names = definitions.map((d) => d.name);
    const existing = names.length
      ? await trx.selectFrom('permissions').select(['id', 'name', 'description', 'category']).where('name', 'in', names).execute()
      : [];
    const byName = new Map(existing.map((p) => [p.name, p]));
    const created: string[] = [];
    const updated: Record<
      string,
      { from: { description: string; category: string }; to: { description: string; category: string } }
    > = {};
    const now = nowIso();
    for (const d of definitions) {
      const current = byName.get(d.name);
      if (!current) {
        await trx
          .insertInto('permissions')
          .values({ ...d, createdAt: now, updatedAt: now })
          .execute();
        created.push(d.name);
      } else if (current.description !== d.description || current.category !== d.category) {
        await trx
          .updateTable('permissions')
          .set({ description: d.description, category: d.category, updatedAt: now })
          .where('id', '=', current.id)
          .execute();
        updated[d.name] = {
          from: { description: current.description, category: current.category },
          to: { description: d.description, category: d.category },
        };
      }
    }
    const result = { created: created.length, updated: Object.keys(updated).length, unchanged: 0 };
    result.unchanged = definitions.length - result.created - result.updated;
    await writeLog(trx, actor, {
      action: 'SYNC_PERMISSIONS',
      entity: 'Permission',
      details: { ...result, createdNames: created, changes: updated },
    });
    return result;
  });
}
