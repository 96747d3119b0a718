import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import {
  adminListQuerySchema,
  adminListSchema,
  adminSchema,
  CREATE_ADMIN_REQUIRED,
  createAdminSchema,
  requiredFieldsMessage,
  SUCCESS_MESSAGES,
  UPDATE_ADMIN_REQUIRED,
  updateAdminSchema,
  updatePermissionsSchema,
} from '@domain/admins';
import { idParams } from '@domain/validation';
import { PICTURE_UPLOAD } from '@core/uploads/upload-rules';
import { ADMIN_NOT_FOUND, createAdmin, deactivateAdmin, getAdmin, listAdmins, setAdminPermissions, updateAdmin } from './service';

const params = idParams(ADMIN_NOT_FOUND);
const oneAdmin = { 200: apiSuccess(adminSchema) };

/**
 * Admin accounts (Admin Management). Lists return active admins; `?includeInactive=true`
 * adds deactivated ones (isActive:false). DELETE deactivates and signs the admin out; the record stays.
 * Create and edit take multipart (`data` JSON + `profilePicture`) or JSON; a blank required field makes
 * the 400's message 'Please fill in all required fields', with every field's message in errors.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    files: request.upload,
    actor: request.actor(),
    scryptCost: app.config.scryptCost,
  });

  app.post(
    '/register-admin',
    {
      schema: { summary: 'Create an admin', body: createAdminSchema, response: { 201: apiSuccess(adminSchema) } },
      config: { upload: PICTURE_UPLOAD, validationMessage: (body) => requiredFieldsMessage(body, CREATE_ADMIN_REQUIRED) },
    },
    async (request, reply) => {
      const data = await createAdmin(ctx(request), request.body);
      return reply.status(201).send({ success: true, data, message: SUCCESS_MESSAGES.created });
    },
  );

  app.get(
    '/admins',
    { schema: { summary: 'List admins', querystring: adminListQuerySchema, response: { 200: apiSuccess(adminListSchema) } } },
    async (request) => {
      const includeInactive = ['true', '1'].includes(request.query.includeInactive ?? '');
      return { success: true as const, data: { admins: await listAdmins(app.db, includeInactive) } };
    },
  );

  app.get('/admins/:id', { schema: { summary: 'One admin', params, response: oneAdmin } }, async (request) => ({
    success: true as const,
    data: await getAdmin(app.db, request.params.id),
  }));

  app.patch(
    '/admins/:id',
    {
      schema: { summary: 'Edit, reactivate or re-password an admin', params, body: updateAdminSchema, response: oneAdmin },
      config: {
        upload: PICTURE_UPLOAD,
        validationMessage: (body) =>
          requiredFieldsMessage(
            body,
            UPDATE_ADMIN_REQUIRED.filter((k) => k in body),
          ),
      },
    },
    async (request) => {
      const data = await updateAdmin(ctx(request), request.params.id, request.body);
      return { success: true as const, data, message: SUCCESS_MESSAGES.updated };
    },
  );

  app.delete('/admins/:id', { schema: { summary: 'Deactivate an admin', params, response: oneAdmin } }, async (request) => {
    const data = await deactivateAdmin(ctx(request), request.params.id);
    return { success: true as const, data, message: SUCCESS_MESSAGES.deactivated };
  });

  app.patch(
    '/admins/:id/permissions',
    { schema: { summary: "Set an admin's permissions", params, body: updatePermissionsSchema, response: oneAdmin } },
    async (request) => {
      const data = await setAdminPermissions(ctx(request), request.params.id, request.body.permissions);
      return { success: true as const, data, message: SUCCESS_MESSAGES.permissions };
    },
  );
};
export default adminRoutes;
