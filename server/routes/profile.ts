import type { FastifyInstance } from 'fastify';
import { profileSchema } from '../../src/domain/auth';
import { readBody } from '../lib/multipart';
import { getSuperAdminProfile, updateSuperAdminProfile } from '../services/profile';

/** GET/PATCH /api/super-admin/profile — the signed-in super admin's own profile (spec §2 Profile). */
export default async function profileRoutes(app: FastifyInstance) {
  app.get('/profile', async (request) => ({ success: true, data: await getSuperAdminProfile(app.db, request.auth!.userId) }));

  app.patch('/profile', async (request) => {
    const { fields, files } = await readBody(request);
    const input = profileSchema.partial().parse(fields);
    const picture = files.find((f) => f.field === 'profilePicture');
    const data = await updateSuperAdminProfile(app.db, app.uploads, request.auth!.userId, input, picture, request.actor());
    return { success: true, data, message: 'Profile updated successfully' };
  });
}
