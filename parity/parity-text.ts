import type { ParityResult, ParityRow, SpecVerdict } from './parity-result.js';

/** What a spec verdict means, in words. */
export const specVerdictText: Readonly<Record<SpecVerdict, string>> = {
  'b-breaks': 'B breaks it, A conforms',
  'a-breaks': 'A breaks it, B conforms',
  'both-break': 'both break it',
  'both-conform': 'both conform: the spec allows either',
  'not-decided': 'the spec does not decide',
};

/** Rows grouped by area (suite), areas in first-seen order. */
export function rowsByArea(rows: readonly ParityRow[]): Map<string, ParityRow[]> {
  const areas = new Map<string, ParityRow[]>();
  for (const row of rows) areas.set(row.area, [...(areas.get(row.area) ?? []), row]);
  return areas;
}

/** The compared rows that differ, what to fix first first: operations, then what the spec decides, then the rest, then what spec §8 expects. */
export function differingRows(result: ParityResult): ParityRow[] {
  const rank = (row: ParityRow): number => {
    if (row.kind === 'operation') return 0;
    if (row.expectedOfSimulator) return 3;
    return row.spec && ['a-breaks', 'b-breaks', 'both-break'].includes(row.spec.verdict) ? 1 : 2;
  };
  return result.rows.filter((row) => row.compared && !row.same).sort((x, y) => rank(x) - rank(y));
}

/** Where each side's reproductions read the keys from, in one line (empty when neither needs keys). */
export function keyVariablesLine(result: ParityResult): string {
  const list = (vars: Readonly<Record<string, string>>): string =>
    Object.values(vars)
      .map((v) => `$${v}`)
      .join(', ');
  const parts = [
    ['A', result.keyVariables.a],
    ['B', result.keyVariables.b],
  ] as const;
  const given = parts.filter(([, vars]) => Object.keys(vars).length > 0).map(([label, vars]) => `${label} from ${list(vars)}`);
  return given.length === 0 ? '' : `Reproductions read the keys from environment variables (never written here): ${given.join('; ')}.`;
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
  const folded =
    result.folded.operations > 0
      ? ` (${result.folded.operations} operation${result.folded.operations === 1 ? '' : 's'} working on one side only, ${result.folded.rows} rows folded into them)`
      : '';
  return `Parity ${score.percent}% (${score.matching}/${score.compared} behaviours match): ${differences.total} differences${folded}, ${differences.expectedOfSimulator} expected of a simulator, ${differences.unexpected} unexpected`;
}

/** Text cut to a length with an ellipsis. */
export function cut(text: string, max = 240): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
