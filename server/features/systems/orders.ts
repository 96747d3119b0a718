import type { Selectable } from 'kysely';
import type { DB, Executor } from '@core/db/index';
import type { OrderTable } from '@core/db/schema';
import { notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { INITIAL_ORDER_STATUS, ORDER_MESSAGES, type Order, type OrderInput, type OrderStatus } from '@domain/systems/orders';

/** Row → Order (`_id` and `id`). */
function toOrder(row: Selectable<OrderTable>): Order {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    systemId: row.systemId,
    systemName: row.systemName,
    status: row.status as OrderStatus,
    additionalNotes: row.additionalNotes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** GET /api/super-admin/orders: every order, newest first. */
export async function listOrders(db: Executor): Promise<Order[]> {
  const rows = await db.selectFrom('orders').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toOrder);
}

export async function getOrder(db: Executor, id: number): Promise<Order> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return toOrder(row);
}

/**
 * A public visitor orders a system: the order starts 'pending' and keeps the system's name as it
 * was ordered (it survives a rename or deletion of the system). Unknown system → 404.
 */
export async function createOrder(db: DB, input: OrderInput, actor: Actor): Promise<Order> {
  const id = await db.transaction().execute(async (trx) => {
    const system = await trx.selectFrom('systems').select(['id', 'name']).where('id', '=', input.systemId).executeTakeFirst();
    if (!system) throw notFound(ORDER_MESSAGES.systemNotFound);
    const now = nowIso();
    const row = await trx
      .insertInto('orders')
      .values({
        email: input.email,
        systemId: system.id,
        systemName: system.name,
        status: INITIAL_ORDER_STATUS,
        additionalNotes: input.additionalNotes,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLog(trx, actor, {
      action: 'CREATE_ORDER',
      entity: 'Order',
      entityId: row.id,
      details: { email: input.email, systemId: system.id, systemName: system.name },
    });
    return row.id;
  });
  return getOrder(db, id);
}

/** Any status may be chosen at any time. */
export async function updateOrderStatus(db: DB, id: number, status: OrderStatus, actor: Actor): Promise<Order> {
  const before = await getOrder(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('orders').set({ status, updatedAt: nowIso() }).where('id', '=', id).execute();
    await writeLog(trx, actor, {
      action: 'UPDATE_ORDER_STATUS',
      entity: 'Order',
      entityId: id,
      details: { changes: diff({ status: before.status }, { status }), systemName: before.systemName, email: before.email },
    });
  });
  return getOrder(db, id);
}
