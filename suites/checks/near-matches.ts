/** Up to `limit` candidates closest to `wanted` (shared prefix or small edit distance), best first. */
export function nearMatches(wanted: string, candidates: Iterable<string>, limit = 3): string[] {
  const w = wanted.toUpperCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const c = candidate.toUpperCase();
    const distance = editDistance(w, c);
    const related = c.includes(w) || w.includes(c);
    if (related || distance <= Math.max(2, Math.floor(w.length / 3))) {
      scored.push({ candidate, score: related ? distance / 10 : distance });
    }
  }
  return scored
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** " Did you mean A, B?" or "" when nothing is close. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string {
  const matches = nearMatches(wanted, candidates);
  return matches.length === 0 ? '' : ` Did you mean ${matches.join(', ')}?`;
}
