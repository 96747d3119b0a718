/*
 * Short-lived caches of what is read often but rarely changes. In this process a change clears them at once: the
 * code that changes the data bumps its Generation after the commit, and every cache built on that generation
 * starts over. Other processes (a second API node) do not hear of it and keep an entry at most its TTL. A lookup
 * that was running while a change committed is not cached (the generation check), so a cleared entry cannot come
 * back with the old row. Each app (database) has its own caches; a bump reaches all of them.
 */

/** Entries kept at most (then the cache starts over): a value `load` did not find is never cached. */
const MAX_ENTRIES = 5000;

/**
 * The count of changes to one kind of data in this process, shared by name: the feature that owns the data
 * creates it (`Generation.named`) and bumps it after each commit that changes the data. The name lets a feature
 * below the owner, which changes or caches the same rows, share the count without importing the owner.
 */
export class Generation {
  private static readonly byName = new Map<string, Generation>();

  /** The process's generation of that name (created on first use). */
  static named(name: string): Generation {
    let generation = Generation.byName.get(name);
    if (!generation) Generation.byName.set(name, (generation = new Generation()));
    return generation;
  }

  private count = 0;
  private constructor() {}

  get value() {
    return this.count;
  }

  /** The data changed in this process (call it after the commit). */
  bump() {
    this.count++;
  }
}

export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; until: number }>();
  private readonly changes: Generation;
  private generation: number;

  /** `changes`: the generation whose bumps clear the cache (or its name). */
  constructor(
    private readonly ttlMs: number,
    changes: Generation | string,
  ) {
    this.changes = typeof changes === 'string' ? Generation.named(changes) : changes;
    this.generation = this.changes.value;
  }

  /** The cached value, or `load`'s (cached when found and nothing changed meanwhile). */
  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (this.generation !== this.changes.value) {
      this.generation = this.changes.value;
      this.entries.clear();
    }
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.changes.value) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, until: now + this.ttlMs });
    }
    return value;
  }
}
