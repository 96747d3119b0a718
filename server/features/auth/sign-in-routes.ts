import { setDeviceCookie } from '@core/auth/known-devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { anySignInResultSchema, signInHeadersSchema, signInSchema, type AnySignInResult, type SignInRole } from '@domain/auth';
import { signedIn } from '@core/auth/browser-session';
import { apiSuccess } from '@domain/api';
import { isLrn } from '@domain/student-portal';
import type { Executor } from '@core/db/index';
import { AppError, unauthorized } from '@core/http/errors';
import { StudentAuth } from '../student-portal';
import { AuthService } from './service';

const INVALID = 'Invalid email or password';

/**
 * Whose account the identifier is, in one statement (the same work whether it exists or not): an LRN is a
 * learner's; an email is looked up among school admins, then super admins, then learners (that order wins when
 * one email is in two tables). null: no account (signed in as a school admin would be: a dummy hash and one refusal).
 */
export async function accountRole(db: Executor, identifier: string): Promise<SignInRole | null> {
  if (isLrn(identifier)) return 'STUDENT';
  const row = await db
    .selectFrom('admins')
    .select([sql<number>`1`.as('rank')])
    .where('email', '=', identifier)
    .unionAll(
      db
        .selectFrom('superAdmins')
        .select([sql<number>`2`.as('rank')])
        .where('email', '=', identifier),
    )
    .unionAll(
      db
        .selectFrom('students')
        .select([sql<number>`3`.as('rank')])
        .where('email', '=', identifier),
    )
    .orderBy('rank')
    .limit(1)
    .executeTakeFirst();
  return row ? (['ADMIN', 'SUPER_ADMIN', 'STUDENT'] as const)[Number(row.rank) - 1]! : null;
}

/**
 * POST /api/login: the one /login page's sign-in. It finds the account's role first and signs in exactly that
 * one (each role's own rules, one throttle count and one LOGIN_FAILED entry when it fails), answering every
 * refusal with the same message whatever the account is. The per-role routes of the spec stay as they are.
 */
export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = new AuthService(app.db, app.config, app.clock);
  const students = new StudentAuth(app.db, app.config, app.clock);

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in whichever role the account has (email or LRN)',
        security: [],
        headers: signInHeadersSchema,
        body: signInSchema.meta({ examples: [{ email: 'registrar@school.example', password: 'your-password' }] }),
        response: { 200: apiSuccess(anySignInResultSchema) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const actor = request.actor();
      const role = (await accountRole(app.db, email)) ?? 'ADMIN';
      let data: AnySignInResult;
      try {
        data =
          role === 'STUDENT'
            ? { ...(await students.signIn(email, password, actor)), role }
            : { ...(await staff.signIn(role, email, password, actor)), role };
      } catch (err) {
        // A learner's refusal names the LRN; here every refusal reads the same.
        if (err instanceof AppError && err.statusCode === 401) throw unauthorized(INVALID);
        throw err;
      }
      setDeviceCookie(request, reply, actor);
      return {
        success: true as const,
        data: signedIn(request, reply, data.role, data, app.config.sessions),
        message: 'Signed in',
      };
    },
  );
};
