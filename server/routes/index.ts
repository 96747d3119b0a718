import type { FastifyInstance } from 'fastify';
import authRoutes from './auth';
import profileRoutes from './profile';

/**
 * Every API route. Public and sign-in routes first; everything registered inside the
 * super-admin scope requires a SUPER_ADMIN session (401 without, 403 for other roles).
 */
export async function registerRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({ success: true, data: { status: 'ok' } }));

  await app.register(authRoutes, { prefix: '/api/super-admin' });

  await app.register(
    async (scope) => {
      scope.addHook('preHandler', scope.requireSuperAdmin);
      await scope.register(profileRoutes);
    },
    { prefix: '/api/super-admin' },
  );
}
