import type { FastifyInstance } from 'fastify';
import { bodyFields } from '../lib/query';
import { profileSchema } from '../../src/domain/auth';
import { PICTURE_UPLOAD } from '../lib/upload-rules';
import { getSuperAdminProfile, updateSuperAdminProfile } from '../services/profile';

/** GET/PATCH /api/super-admin/profile — the signed-in super admin's own profile (spec §2 Profile). */
export default async function profileRoutes(app: FastifyInstance) {
  app.get('/profile', async (request) => ({ success: true, data: await getSuperAdminProfile(app.db, request.auth!.userId) }));

  app.patch('/profile', { config: { upload: PICTURE_UPLOAD } }, async (request) => {
    const input = profileSchema.partial().parse(bodyFields(request.body));
    const data = await updateSuperAdminProfile(app.db, request.upload, request.auth!.userId, input, request.actor());
    return { success: true, data, message: 'Profile updated successfully' };
  });
}
