import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { profileRecordSchema, profileSchema } from '@domain/auth';
import { PICTURE_UPLOAD } from '@core/uploads/upload-rules';
import { getSuperAdminProfile, updateSuperAdminProfile } from './service';

const oneProfile = { 200: apiSuccess(profileRecordSchema) };

/** GET/PATCH /api/super-admin/profile — the signed-in super admin's own profile. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', { schema: { summary: 'My profile', response: oneProfile } }, async (request) => ({
    success: true as const,
    data: await getSuperAdminProfile(app.db, request.auth!.userId),
  }));

  app.patch(
    '/profile',
    {
      schema: {
        summary: 'Edit my profile (multipart `data` + `profilePicture`, or JSON)',
        body: profileSchema.partial(),
        response: oneProfile,
      },
      config: { upload: PICTURE_UPLOAD },
    },
    async (request) => {
      const data = await updateSuperAdminProfile(app.db, request.upload, request.auth!.userId, request.body, request.actor());
      return { success: true as const, data, message: 'Profile updated successfully' };
    },
  );
};
export default profileRoutes;
