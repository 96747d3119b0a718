import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_AVAILABLE_LIMIT, NOT_AVAILABLE_TOO_MANY } from '@domain/devices/device-claims';
import { tooMany } from './errors';

/*
 * "Not available" answers (src/domain/devices/device-claims.ts): a school admin whose value is held by another school's
 * record is told only that it is not available, and each such answer is counted, per admin and per school, within
 * a sliding window on the server's clock. Past NOT_AVAILABLE_LIMIT the admin's uniqueness checks are refused with
 * 429 before anything is looked up, so listing another school's learners or devices takes hours, not seconds.
 *
 * The counts live in one process's memory (`MemoryHitCounter`): each API node counts on its own and a restart
 * forgets them. `HitCounter` is the one seam to move them to a shared store (Redis) with the sign-in limits.
 */

export interface HitCounter {
  /** Hits of `key` within the window ending now. */
  count(key: string): Promise<number>;
  /** Adds `n` hits of `key` now; answers the count within the window afterwards. */
  add(key: string, n: number): Promise<number>;
}

/** Hits as (time, n) pairs per key, pruned as they age out of the window; `now` is the server's clock (ms). */
export class MemoryHitCounter implements HitCounter {
  private readonly hits = new Map<string, Array<{ at: number; n: number }>>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private live(key: string): Array<{ at: number; n: number }> {
    const since = this.now() - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((h) => h.at > since);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  async count(key: string): Promise<number> {
    return this.live(key).reduce((sum, h) => sum + h.n, 0);
  }

  async add(key: string, n: number): Promise<number> {
    const kept = this.live(key);
    kept.push({ at: this.now(), n });
    this.hits.set(key, kept);
    return kept.reduce((sum, h) => sum + h.n, 0);
  }
}

/** How one request answers conflicts with records of other schools. */
export interface Unavailability {
  /** The school whose records the requester sees (a school admin's); null = every school (the super admin). */
  readonly ownSchoolId: number | null;
  /** 429 when this admin or their school has had its "not available" answers for the window (nothing checked). */
  assertOpen(): Promise<void>;
  /** Counts `n` "not available" answers; 429 (the answers withheld) when that passes the limit. */
  record(n?: number): Promise<void>;
}

/** The super admin's (and any request outside /api/admin): every conflict is answered as it is, uncounted. */
export const EVERY_SCHOOL: Unavailability = {
  ownSchoolId: null,
  assertOpen: async () => undefined,
  record: async () => undefined,
};

/** The request's rule: a school admin's (request.admin, set by the /api/admin guard) is counted; others are not. */
export function unavailability(app: FastifyInstance, request: FastifyRequest): Unavailability {
  const admin = request.admin;
  if (!admin || admin.schoolId == null) return EVERY_SCHOOL;
  const counter = app.unavailableCounter;
  const keys = [`admin:${admin.adminId}`, `school:${admin.schoolId}`];
  return {
    ownSchoolId: admin.schoolId,
    async assertOpen() {
      for (const key of keys) if ((await counter.count(key)) >= NOT_AVAILABLE_LIMIT) throw tooMany(NOT_AVAILABLE_TOO_MANY);
    },
    async record(n = 1) {
      if (n <= 0) return;
      let over = false;
      for (const key of keys) if ((await counter.add(key, n)) > NOT_AVAILABLE_LIMIT) over = true;
      if (over) throw tooMany(NOT_AVAILABLE_TOO_MANY);
    },
  };
}
