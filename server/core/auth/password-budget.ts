/**
 * One budget of wrong password guesses per address (`LOGIN_RATE_PER_MINUTE` a minute) shared by every place that checks
 * a password: the sign-in routes of every role (and POST /api/login), and the current-password check of every
 * Change Password. Trying another route gains no guesses. Fixed one-minute windows, in the app's limit store (memory, or Redis shared by every process).
 */
import { limitStoreOf, type LimitStore } from './limit-store';

export type BudgetVerdict = { ok: true } | { ok: false; retryAfterMs: number };

const WINDOW_MS = 60_000;

export class PasswordBudget {
  constructor(
    private readonly store: LimitStore,
    private readonly perMinute: number,
  ) {}

  /** Takes one guess of this address's budget; refused once the minute's budget is spent. */
  async take(address: string): Promise<BudgetVerdict> {
    const { count, leftMs } = await this.store.hit(`budget:${address}`, WINDOW_MS);
    return count > this.perMinute ? { ok: false, retryAfterMs: leftMs } : { ok: true };
  }

  /**
   * Gives back the guess of a right password: the budget counts wrong guesses, so a school's lab full of learners
   * signing in from one address is not refused, while parallel wrong guesses are still held (each takes before checking).
   */
  async refund(address: string): Promise<void> {
    await this.store.unhit(`budget:${address}`);
  }
}

/** The one budget of an app (its counters in the app's limit store, keyed by its database handle). */
export function appPasswordBudget(owner: object, perMinute: number): PasswordBudget {
  return new PasswordBudget(limitStoreOf(owner), perMinute);
}

/** What a request over the budget is told (the words of the app's other request limits). */
export function budgetMessage(retryAfterMs: number): string {
  return `Too many requests. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds.`;
}
