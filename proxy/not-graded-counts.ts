/** Exchanges a session counted as not graded, by reason ("grading fell behind the traffic", "refused by the proxy (431)" ...). */
export class NotGradedCounts extends Map<string, number> {
  /** Counts n more exchanges for the reason. */
  count(why: string, n = 1): void {
    this.set(why, (this.get(why) ?? 0) + n);
  }

  /** These counts and the others', summed per reason. */
  with(...others: ReadonlyMap<string, number>[]): NotGradedCounts {
    const all = new NotGradedCounts(this);
    for (const other of others) for (const [why, n] of other) all.count(why, n);
    return all;
  }

  /** Every exchange counted. */
  get total(): number {
    let sum = 0;
    for (const n of this.values()) sum += n;
    return sum;
  }
}
