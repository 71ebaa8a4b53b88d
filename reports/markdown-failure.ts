import type { CheckResult, RunResult } from '../results/run-result.js';
import { baselineMarks } from './known-failures-view.js';
import { rerunBlock } from './rerun-view.js';
import type { RerunContext } from './rerun-view.js';
import { failureView, shortLimits } from './failure-view.js';
import { idList, markdownCell, markdownFence, visible } from './safe-text.js';
import { statusMark } from './text-format.js';
import { sameCauseText } from './fix-first.js';

const code = (id: string): string => `\`${id.replace(/`/g, "'")}\``;

/** A failure in full (within the short limits): heading, what the target answered, reason, counterexample, curl, what it blocks. */
export function markdownFailure(
  check: CheckResult,
  run: RerunContext & Pick<RunResult, 'knownFailures'>,
  blocks: readonly string[] = [],
  same: readonly string[] = [],
): string[] {
  const view = failureView(check, shortLimits, run);
  const reproduce = rerunBlock(view);
  const mark = baselineMarks(run).get(check.id);
  const blocking = `${blocks.length > 0 ? ` · blocks ${blocks.length} check(s)` : ''}${mark ? ` · ${mark === 'new' ? '**NEW**' : mark}` : ''}`;
  const lines = [`### ${statusMark[check.status]} ${code(visible(check.id))} (${check.level}): ${markdownCell(check.title, 200)}${blocking}`, ''];
  lines.push(
    `Target answered: ${view.answer === undefined ? 'not recorded in the result (see the reason and the reproduction)' : markdownCell(view.answer)}`,
    '',
  );
  lines.push(`Requirements: ${idList(check.requirements, 10, code)}`, '');
  if (view.reason) lines.push(markdownFence(view.reason), '');
  if (view.counterexample)
    lines.push(
      `Counterexample (seed ${check.seed ?? run.seed}${check.path ? `, path ${markdownCell(check.path, 80)}` : ''}):`,
      '',
      markdownFence(view.counterexample, 'json'),
      '',
    );
  if (reproduce) lines.push('Reproduce:', '', markdownFence(reproduce, 'sh'), '');
  if (same.length > 0)
    lines.push(
      sameCauseText(same, (ids) => idList(ids, 10, code)),
      '',
    );
  if (blocks.length > 0)
    lines.push(`<details><summary>Blocked behind it: ${blocks.length} check(s)</summary>`, '', idList(blocks, 10, code), '', '</details>', '');
  return lines;
}

/** The header of the compact failure table. */
export const compactHeader = ['| check | level | blocks | target answered | reason |', '|---|---|---:|---|---|'];

/** A failure as one table row (for failures past the detail budget). */
export function markdownFailureRow(check: CheckResult, blocks: readonly string[] = []): string {
  const view = failureView(check, shortLimits);
  return `| ${statusMark[check.status]} ${code(visible(check.id))} | ${check.level} | ${blocks.length} | ${markdownCell(view.answer ?? '-', 120)} | ${markdownCell(view.reason, 160)} |`;
}

/** Markdown lines kept under a byte budget: a section adds what fits and says what it left off. */
export class MarkdownBudget {
  readonly lines: string[] = [];
  private bytes = 0;

  constructor(private readonly limit: number) {}

  /** Bytes used so far. */
  get used(): number {
    return this.bytes;
  }

  /** Adds the lines when they fit under `below` (default the limit); returns whether they did. */
  add(lines: readonly string[], below = this.limit): boolean {
    const size = lines.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8') + 1, 0);
    if (this.bytes + size > below) return false;
    this.lines.push(...lines);
    this.bytes += size;
    return true;
  }

  /** Adds the lines whatever their size (small fixed parts: headings, the "left off" notes). */
  force(...lines: string[]): void {
    this.lines.push(...lines);
    this.bytes += lines.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8') + 1, 0);
  }
}
