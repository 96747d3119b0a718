/*
 * A fixed-window request counter per key (ZKTeco intake per reader and per address). In memory, per
 * process, like the sign-in throttle: with several processes a client gets up to that many times the limit.
 */
export class WindowLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a request; 0 when it is within the limit, else the seconds until the window ends (Retry-After). */
  hit(key: string, now = Date.now()): number {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.max ? Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) : 0;
  }

  /**
   * Bounded memory: when the map grows, windows that ended are dropped (at most once a second: a scan per request
   * would be its own flood), and a flood of distinct keys beyond any real fleet resets it all.
   */
  private sweep(now: number) {
    if (this.windows.size >= 100_000) this.windows.clear();
    if (this.windows.size < 10_000 || now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [k, v] of this.windows) if (now - v.start >= this.windowMs) this.windows.delete(k);
  }

  /** Whether the key is over its limit now, without counting a request. */
  over(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs || w.count < this.max) return 0;
    return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
  }
}
