/** The unit of a timestamp's fraction of a second, in ms (1000 for whole seconds, 1 for milliseconds or finer). */
export function precisionMs(stamp: string): number {
  const fraction = /\.(\d+)/.exec(stamp)?.[1]?.length ?? 0;
  return fraction >= 3 ? 1 : 10 ** (3 - fraction);
}

/** True when two RFC 3339 stamps name the same instant at the coarser of their precisions (e.g. 12:00:05Z and 12:00:05.412+00:00). */
export function sameInstant(a: string, b: string): boolean {
  // the same text is the same instant (or, unparseable, the same text): most views repeat the stamp they first showed
  if (a === b) return true;
  const x = Date.parse(a);
  const y = Date.parse(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return a === b;
  const unit = Math.max(precisionMs(a), precisionMs(b));
  return Math.floor(x / unit) === Math.floor(y / unit);
}
