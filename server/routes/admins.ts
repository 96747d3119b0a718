import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkAdmin,
  CREATE_ADMIN_REQUIRED,
  createAdminSchema,
  SUCCESS_MESSAGES,
  UPDATE_ADMIN_REQUIRED,
  updateAdminSchema,
  updatePermissionsSchema,
} from '../../src/domain/admins';
import { badRequest } from '../lib/errors';
import { PICTURE_UPLOAD } from '../lib/upload-rules';
import { bodyFields, idParam } from '../lib/query';
import {
  ADMIN_NOT_FOUND,
  createAdmin,
  deactivateAdmin,
  getAdmin,
  listAdmins,
  setAdminPermissions,
  updateAdmin,
} from '../services/admins';

type WithId = { Params: { id: string } };

/** Validates with the admin rules: the required-fields alert as the message, every field's message in errors. */
function parse<T>(result: { ok: true; value: T } | { ok: false; message: string; errors: Record<string, string> }): T {
  if (!result.ok) throw badRequest(result.message, result.errors);
  return result.value;
}

/**
 * Admin accounts (spec §2 Admin Management, §7). Lists return active admins; `?includeInactive=true`
 * adds deactivated ones (isActive:false). DELETE deactivates and signs the admin out; the record stays.
 */
export default async function adminRoutes(app: FastifyInstance) {
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    files: request.upload,
    actor: request.actor(),
    scryptCost: app.config.scryptCost,
  });

  app.post('/register-admin', { config: { upload: PICTURE_UPLOAD } }, async (request, reply) => {
    const fields = bodyFields(request.body);
    const input = parse(checkAdmin(createAdminSchema, fields, CREATE_ADMIN_REQUIRED));
    const data = await createAdmin(ctx(request), input);
    return reply.status(201).send({ success: true, data, message: SUCCESS_MESSAGES.created });
  });

  app.get<{ Querystring: { includeInactive?: string } }>('/admins', async (request) => {
    const includeInactive = ['true', '1'].includes(String(request.query.includeInactive ?? ''));
    return { success: true, data: { admins: await listAdmins(app.db, includeInactive) } };
  });

  app.get<WithId>('/admins/:id', async (request) => ({
    success: true,
    data: await getAdmin(app.db, idParam(request.params.id, ADMIN_NOT_FOUND)),
  }));

  app.patch<WithId>('/admins/:id', { config: { upload: PICTURE_UPLOAD } }, async (request) => {
    const id = idParam(request.params.id, ADMIN_NOT_FOUND);
    const fields = bodyFields(request.body);
    const input = parse(
      checkAdmin(
        updateAdminSchema,
        fields,
        UPDATE_ADMIN_REQUIRED.filter((k) => k in fields),
      ),
    );
    const data = await updateAdmin(ctx(request), id, input);
    return { success: true, data, message: SUCCESS_MESSAGES.updated };
  });

  app.delete<WithId>('/admins/:id', async (request) => {
    const data = await deactivateAdmin(ctx(request), idParam(request.params.id, ADMIN_NOT_FOUND));
    return { success: true, data, message: SUCCESS_MESSAGES.deactivated };
  });

  app.patch<WithId>('/admins/:id/permissions', async (request) => {
    const id = idParam(request.params.id, ADMIN_NOT_FOUND);
    const { permissions } = updatePermissionsSchema.parse(bodyFields(request.body));
    const data = await setAdminPermissions(ctx(request), id, permissions);
    return { success: true, data, message: SUCCESS_MESSAGES.permissions };
  });
}
