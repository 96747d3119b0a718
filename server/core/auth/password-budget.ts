/**
 * One budget of password guesses per address (`LOGIN_RATE_PER_MINUTE` a minute) shared by every place that checks
 * a password: the sign-in routes of every role (and POST /api/login), and the current-password check of every
 * Change Password. Trying another route gains no guesses. Fixed one-minute windows, in memory per process.
 */
export type BudgetVerdict = { ok: true } | { ok: false; retryAfterMs: number };

const WINDOW_MS = 60_000;
const MAX_KEYS = 50_000;

export class PasswordBudget {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly perMinute: number) {}

  /** Takes one guess of this address's budget; refused (nothing taken) once the minute's budget is spent. */
  take(address: string, now = Date.now()): BudgetVerdict {
    let entry = this.windows.get(address);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= MAX_KEYS) for (const [k, e] of this.windows) if (e.resetAt <= now) this.windows.delete(k);
      entry = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(address, entry);
    }
    if (entry.count >= this.perMinute) return { ok: false, retryAfterMs: entry.resetAt - now };
    entry.count += 1;
    return { ok: true };
  }
}

const shared = new WeakMap<object, PasswordBudget>();

/** The one budget of an app (keyed by its database handle, as the login throttle is). */
export function appPasswordBudget(owner: object, perMinute: number): PasswordBudget {
  let budget = shared.get(owner);
  if (!budget) shared.set(owner, (budget = new PasswordBudget(perMinute)));
  return budget;
}

/** What a request over the budget is told (the words of the app's other request limits). */
export function budgetMessage(retryAfterMs: number): string {
  return `Too many requests. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds.`;
}
