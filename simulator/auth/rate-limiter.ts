/** Sliding 60-second window per API key (DESIGN §4 rate limit). */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(
    private readonly clock: () => number,
    private readonly windowMs = 60_000,
  ) {}

  /**
   * Counts one request for `key` against `limit` per window. Returns null when allowed, else the
   * seconds until a slot frees up (for Retry-After). Refused requests do not count.
   */
  take(key: string, limit: number): number | null {
    const now = this.clock();
    const recent = (this.windows.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= limit) {
      this.windows.set(key, recent);
      const oldest = recent[0] as number;
      return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.windows.set(key, recent);
    return null;
  }
}
