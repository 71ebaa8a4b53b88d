import type { RunResult } from '../results/run-result.js';

/** A report writer: renders a RunResult to text. `file` is where it goes in --out; console has none (stdout). */
export interface Reporter {
  readonly name: string;
  readonly file?: string;
  render(result: RunResult): string;
}
