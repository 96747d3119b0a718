/** Errors a service may throw; the one error handler in app.ts turns them into the API's failure shape. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);
export const tooLarge = (message: string) => new AppError(413, message);
export const tooMany = (message = 'Too many requests. Please try again later.') => new AppError(429, message);

/** A unique index refused the write (SQLite and PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Runs a write that a unique name index guards; a violation (two requests creating the same name at once,
 * both past the service's check) becomes the same 409 as the check gives: `{ name: message }`.
 */
export async function nameConflict<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message, { name: message });
    throw err;
  }
}
