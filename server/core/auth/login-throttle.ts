/**
 * Sign-in throttling that stops guessing without handing strangers a way to lock an account out
 * (README "Sign-in limits"):
 *
 * - per address and account: after `maxFailures` wrong passwords for one email from one address within
 *   the window, that address is refused for that email until the window ends;
 * - per account: once an email has `maxFailures` failures from anywhere in the window, addresses the
 *   account has never signed in from get one attempt per `slowdownMs` (a botnet gains a guess every few
 *   seconds, not thousands); addresses the owner signed in from before are exempt, so a stranger's
 *   failures never lock the owner out, and a valid password after the short wait still gets in.
 *
 * Counted in the app's limit store (memory, or Redis shared by every process); the per-address password budget of
 * password-budget.ts sits in front of it.
 */
import { limitStoreOf, type LimitStore } from './limit-store';

export type ThrottleVerdict = { ok: true } | { ok: false; scope: 'address' | 'account'; retryAfterMs: number };

export class LoginThrottle {
  constructor(
    private readonly store: LimitStore,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly slowdownMs: number,
  ) {}

  /** May this address try a password for this email now? `known`: the account signed in from it before. */
  async check(email: string, address: string, known: boolean, device: string | null = null): Promise<ThrottleVerdict> {
    // A known device counts on its own and is not slowed down by the account's other failures.
    const pair = await this.store.get(pairKey(email, device ?? address));
    if (pair && pair.count >= this.maxFailures) return { ok: false, scope: 'address', retryAfterMs: pair.leftMs };
    if (known || device) return { ok: true };
    const slowed = await this.store.get(`slow:${email}`);
    if (slowed) return { ok: false, scope: 'account', retryAfterMs: slowed.leftMs };
    return { ok: true };
  }

  /** A wrong password (or unknown email). */
  async failed(email: string, address: string, device: string | null = null): Promise<void> {
    await this.store.hit(pairKey(email, device ?? address), this.windowMs);
    const account = await this.store.hit(`account:${email}`, this.windowMs);
    if (account.count >= this.maxFailures) await this.store.mark(`slow:${email}`, this.slowdownMs);
  }

  /** A successful sign-in clears its address's count (the account-wide count runs on: the guessing may go on). */
  async succeeded(email: string, address: string, device: string | null = null): Promise<void> {
    await this.store.del(pairKey(email, device ?? address));
  }
}

function pairKey(email: string, address: string) {
  return `pair:${email}\n${address}`;
}

/**
 * The one throttle of an app (its counters in the app's limit store, keyed by its database handle): every sign-in
 * route (each role's and POST /api/login) counts in the same place, so trying another route gains no guesses.
 */
export function appLoginThrottle(owner: object, maxFailures: number, slowdownMs: number): LoginThrottle {
  return new LoginThrottle(limitStoreOf(owner), maxFailures, LOGIN_WINDOW_MS, slowdownMs);
}

/** The window the per-account sign-in limit counts over (15 minutes). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** What a throttled sign-in is told: by address (minutes to wait) or by account (seconds). */
export function throttledMessage(scope: 'address' | 'account', retryAfterMs: number): string {
  if (scope === 'address') {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    return `Too many sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many failed sign-ins for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}
