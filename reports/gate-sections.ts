import type { RunResult } from '../results/run-result.js';
import { baselineItemText, baselineLine, baselineLists } from './known-failures-view.js';
import { changeLists, changesCounts, changesHeading } from './run-changes-view.js';

/** A section of what the known-failures baseline or --compare-run says: a heading, then its non-empty lists of plain-text lines. */
export interface GateSection {
  readonly kind: 'baseline' | 'changes';
  readonly title: string;
  readonly lists: readonly { readonly kind: string; readonly title: string; readonly lines: readonly string[] }[];
}

/** The known-failures baseline's and --compare-run's sections, as every text report lists them (each report cuts and formats). */
export function gateSections(result: Pick<RunResult, 'knownFailures' | 'changes'>): GateSection[] {
  const sections: GateSection[] = [];
  if (result.knownFailures) {
    sections.push({
      kind: 'baseline',
      title: baselineLine(result) as string,
      lists: baselineLists(result.knownFailures)
        .filter((list) => list.items.length > 0)
        .map((list) => ({ kind: list.kind, title: list.title, lines: list.items.map((item) => baselineItemText(item)) })),
    });
  }
  if (result.changes) {
    sections.push({
      kind: 'changes',
      title: `${changesHeading(result.changes)}: ${changesCounts(result.changes)}`,
      lists: changeLists(result.changes).filter((list) => list.lines.length > 0),
    });
  }
  return sections;
}

/** The lines printed under the verdict: the baseline's verdict (which decides the exit code), and what changed since --compare-run's run. */
export function gateLines(result: Pick<RunResult, 'knownFailures' | 'changes'>): string[] {
  return gateSections(result).map((section) => section.title);
}
