import type { ParityResult, ParityRow, SpecVerdict } from './parity-result.js';

/** What a spec verdict means, in words. */
export const specVerdictText: Readonly<Record<SpecVerdict, string>> = {
  'a-conforms': 'the spec says A conforms (B does not)',
  'b-conforms': 'the spec says B conforms (A does not)',
  'both-conform': 'both conform: the spec does not decide',
  'neither-conforms': 'neither conforms',
  'not-decided': 'the spec does not decide',
};

/** Rows grouped by area (suite), areas in first-seen order. */
export function rowsByArea(rows: readonly ParityRow[]): Map<string, ParityRow[]> {
  const areas = new Map<string, ParityRow[]>();
  for (const row of rows) areas.set(row.area, [...(areas.get(row.area) ?? []), row]);
  return areas;
}

/** The compared rows that differ. */
export function differingRows(result: ParityResult): ParityRow[] {
  return result.rows.filter((row) => row.compared && !row.same);
}

/** The state of a row in one word. */
export function rowState(row: ParityRow): 'same' | 'different' | 'expected' | 'not compared' {
  if (!row.compared) return 'not compared';
  if (row.same) return 'same';
  return row.expectedOfSimulator ? 'expected' : 'different';
}

/** One-line headline. */
export function parityHeadline(result: ParityResult): string {
  const { score, differences } = result;
  return `Parity ${score.percent}% (${score.matching}/${score.compared} behaviours match): ${differences.total} differences, ${differences.expectedOfSimulator} expected of a simulator, ${differences.unexpected} unexpected`;
}

/** Text cut to a length with an ellipsis. */
export function cut(text: string, max = 240): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
