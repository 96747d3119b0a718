/** How a secret (device API key, page access token) is shown in lists: only its last 4 characters. */
export const MASK = '••••••••';

export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length > 8 ? `${MASK}${secret.slice(-4)}` : MASK;
}

/** True for a value that is a mask, not a secret (a form sending back what the list showed). */
export const isMasked = (value: string): boolean => value.startsWith(MASK);
