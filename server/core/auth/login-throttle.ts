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
 * In memory, per process (the per-address password budget of password-budget.ts sits in front of it).
 */
export type ThrottleVerdict = { ok: true } | { ok: false; scope: 'address' | 'account'; retryAfterMs: number };

interface Counter {
  count: number;
  resetAt: number;
}

const MAX_KEYS = 50_000;

export class LoginThrottle {
  private pairs = new Map<string, Counter>();
  private accounts = new Map<string, Counter & { nextAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly slowdownMs: number,
  ) {}

  /** May this address try a password for this email now? `known`: the account signed in from it before. */
  check(email: string, address: string, known: boolean, now = Date.now()): ThrottleVerdict {
    const pair = this.live(this.pairs, `${email}\n${address}`, now);
    if (pair && pair.count >= this.maxFailures) return { ok: false, scope: 'address', retryAfterMs: pair.resetAt - now };
    const account = this.live(this.accounts, email, now);
    if (!known && account && account.count >= this.maxFailures && now < account.nextAt) {
      return { ok: false, scope: 'account', retryAfterMs: account.nextAt - now };
    }
    return { ok: true };
  }

  /** A wrong password (or unknown email). */
  failed(email: string, address: string, now = Date.now()): void {
    this.sweep(now);
    const pairKey = `${email}\n${address}`;
    const pair = this.live(this.pairs, pairKey, now) ?? { count: 0, resetAt: now + this.windowMs };
    pair.count += 1;
    this.pairs.set(pairKey, pair);
    const account = this.live(this.accounts, email, now) ?? { count: 0, resetAt: now + this.windowMs, nextAt: 0 };
    account.count += 1;
    if (account.count >= this.maxFailures) account.nextAt = now + this.slowdownMs;
    this.accounts.set(email, account);
  }

  /** A successful sign-in clears its address's count (the account-wide count runs on: the guessing may go on). */
  succeeded(email: string, address: string): void {
    this.pairs.delete(`${email}\n${address}`);
  }

  private live<T extends Counter>(map: Map<string, T>, key: string, now: number): T | undefined {
    const entry = map.get(key);
    if (entry && entry.resetAt <= now) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    for (const map of [this.pairs, this.accounts] as Array<Map<string, Counter>>) {
      if (map.size < MAX_KEYS) continue;
      for (const [key, entry] of map) if (entry.resetAt <= now) map.delete(key);
    }
  }
}

const shared = new WeakMap<object, LoginThrottle>();

/**
 * The one throttle of an app (keyed by its database handle): every sign-in route (each role's and POST /api/login)
 * counts in the same place, so trying another route for the same account gains no guesses.
 */
export function appLoginThrottle(owner: object, maxFailures: number, slowdownMs: number): LoginThrottle {
  let throttle = shared.get(owner);
  if (!throttle) shared.set(owner, (throttle = new LoginThrottle(maxFailures, LOGIN_WINDOW_MS, slowdownMs)));
  return throttle;
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
