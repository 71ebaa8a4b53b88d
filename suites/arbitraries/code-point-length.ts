/**
 * Length of a string in Unicode code points (a surrogate pair counts once).
 * The spec (§2.1, §8) limits message content in "characters"; the harness reads that as code points,
 * which is also how JSON Schema's maxLength counts (and ajv's ucs2length).
 */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i += 1) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    n += 1;
  }
  return n;
}

/** The first `n` code points of a string (never splits a surrogate pair). */
export function takeCodePoints(s: string, n: number): string {
  let out = '';
  let count = 0;
  for (const cp of s) {
    if (count >= n) break;
    out += cp;
    count += 1;
  }
  return out;
}
