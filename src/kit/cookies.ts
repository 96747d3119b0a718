/**
 * The browser's readable cookies. The session cookies themselves (SUPER_ADMIN_TOKEN…) are HttpOnly and set by the
 * server; pages read only their readable companions (CSRF_COOKIES in src/domain/auth/roles.ts).
 */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

/** Forgets a readable cookie (the server removes the HttpOnly ones at sign-out or when their session has ended). */
export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
}
