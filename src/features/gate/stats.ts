/** The server's answer times, for the corner figure the school's IT reads: the p95 of the latest answers. */
export function createLatency(keep = 200) {
  const samples: number[] = [];
  return {
    add(ms: number) {
      samples.push(ms);
      if (samples.length > keep) samples.shift();
    },
    /** The 95th percentile (nearest rank) of the kept samples; null before the first. */
    p95(): number | null {
      if (samples.length === 0) return null;
      const sorted = [...samples].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
    },
    get count() {
      return samples.length;
    },
  };
}
