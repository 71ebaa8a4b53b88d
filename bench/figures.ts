/** One benchmark figure; `baseline` and `ratio` (value / baseline) when it is compared with something. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
}

/** A titled table of figures: a benchmark that measures several things returns one per thing. */
export interface Section {
  title: string;
  figures: Figure[];
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) >= 100 || Number.isInteger(n) ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}

/** A figure compared with a baseline; the ratio is value / baseline. */
export function compared(name: string, value: number, unit: string, baseline: number): Figure {
  return { name, value, unit, baseline, ratio: baseline === 0 ? Number.NaN : value / baseline };
}

/** Prints figures as an aligned table (name, value, unit, baseline, ratio). */
export function printFigures(title: string, figures: readonly Figure[]): void {
  const rows = [
    ['figure', 'value', 'unit', 'baseline', 'ratio'],
    ...figures.map((f) => [
      f.name,
      formatNumber(f.value),
      f.unit,
      f.baseline === undefined ? '' : formatNumber(f.baseline),
      f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}x`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i === 0 || i === 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
}
