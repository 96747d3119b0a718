/*
 * Short-lived caches of what every tap reads but that rarely changes (issue #20): the reader behind a token or a
 * ZKTeco serial, and a school's attendance rules. Students are never cached: a card reassigned to another
 * student must match the new holder at the next tap, so the card → student lookup stays in the tap's transaction.
 *
 * In this process a change clears the cache at once: the services that change a reader (update, token
 * rotation, delete/retire) or a school's rules call `forgetReaders()` / `forgetSchoolRules()` after their
 * commit. Other processes (a second API node) do not hear of it and keep an entry at most its TTL: a reader
 * deactivated, retired or given a new token on node 1 is refused by node 2 within READER_TTL_MS, a rules change
 * applies there within RULES_TTL_MS. A lookup that was running while a change committed is not cached (the
 * generation check), so a cleared entry cannot come back with the old row.
 * Each app (database) has its own caches (`createIntakeCaches`); the clearing signal reaches all of them.
 */
export const READER_TTL_MS = 2000;
export const RULES_TTL_MS = 5000;
/** Entries kept at most (then the cache starts over): unknown tokens and serials are never cached. */
const MAX_ENTRIES = 5000;

/** Bumped by every change in this process; a cache that saw another value starts over. */
const generations = { readers: 0, rules: 0 };

/** A reader was changed in this process (after its commit). */
export const forgetReaders = () => void generations.readers++;
/** A school's attendance rules were changed in this process (after the commit). */
export const forgetSchoolRules = () => void generations.rules++;

export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; until: number }>();
  private generation: number;

  constructor(
    private readonly ttlMs: number,
    private readonly kind: keyof typeof generations,
  ) {
    this.generation = generations[kind];
  }

  /** The cached value, or `load`'s (cached when found and nothing changed meanwhile). */
  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (this.generation !== generations[this.kind]) {
      this.generation = generations[this.kind];
      this.entries.clear();
    }
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === generations[this.kind]) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, until: now + this.ttlMs });
    }
    return value;
  }
}
