import type { CheckStatus } from '../suites/engine/index.js';
import { runSelftest } from './run-selftest.js';

/** Options of the flake command. */
export interface FlakeOptions {
  /** Clean runs, each with its own seed (default 20). */
  readonly cleanRuns?: number;
  /** Runs of every fault, each with its own seed (default 3). */
  readonly faultRuns?: number;
  readonly faults?: readonly string[];
  readonly runs?: number;
  readonly concurrency?: number;
  readonly firstSeed?: number;
  readonly onProgress?: (line: string) => void;
}

/** A result that was not the same every time. */
export interface Instability {
  readonly subject: string;
  /** Outcome per seed, e.g. `{ "101": "passed", "102": "failed" }`. */
  readonly outcomes: Readonly<Record<string, string>>;
}

/** What the flake command found. */
export interface FlakeReport {
  readonly cleanRuns: number;
  readonly faultRuns: number;
  readonly checksCompared: number;
  readonly faultsCompared: number;
  readonly unstable: readonly Instability[];
  readonly durationMs: number;
}

/** The runs of the clean reference and of each fault when none are given (npm run selftest -- --flake shows them). */
export const flakeDefaults = { cleanRuns: 20, faultRuns: 3 } as const;

/**
 * Runs the clean reference `cleanRuns` times and every fault `faultRuns` times, each with a different seed, and
 * reports every check status (clean) and every caught/missed verdict (faults) that was not the same every time.
 */
export async function flakeCheck(options: FlakeOptions = {}): Promise<FlakeReport> {
  const started = Date.now();
  const cleanRuns = options.cleanRuns ?? flakeDefaults.cleanRuns;
  const faultRuns = options.faultRuns ?? flakeDefaults.faultRuns;
  const firstSeed = options.firstSeed ?? 1000;
  const progress = options.onProgress ?? (() => {});
  const common = { ...(options.runs ? { runs: options.runs } : {}), ...(options.concurrency ? { concurrency: options.concurrency } : {}) };

  const checkOutcomes = new Map<string, Record<string, CheckStatus>>();
  for (let i = 0; i < cleanRuns; i++) {
    const seed = firstSeed + i;
    const result = await runSelftest({ ...common, seed, onlyClean: true });
    for (const check of result.clean?.checks ?? []) {
      const byseed = checkOutcomes.get(check.id) ?? {};
      byseed[String(seed)] = check.status;
      checkOutcomes.set(check.id, byseed);
    }
    progress(`clean run ${i + 1}/${cleanRuns} (seed ${seed}): ${result.clean?.verdict} in ${result.clean?.durationMs} ms`);
  }
  const faultOutcomes = new Map<string, Record<string, string>>();
  for (let i = 0; i < faultRuns; i++) {
    const seed = firstSeed + 500 + i;
    const result = await runSelftest({ ...common, seed, skipClean: true, ...(options.faults ? { faults: options.faults } : {}) });
    for (const o of result.faults) {
      const byseed = faultOutcomes.get(o.fault.id) ?? {};
      byseed[String(seed)] = o.caught ? 'caught' : `missed (${o.reason})`;
      faultOutcomes.set(o.fault.id, byseed);
    }
    progress(`fault round ${i + 1}/${faultRuns} (seed ${seed}): ${result.score.caught}/${result.score.total} caught`);
  }
  const unstable: Instability[] = [];
  const collect = (prefix: string, table: Map<string, Record<string, string>>) => {
    for (const [id, outcomes] of table) {
      const distinct = new Set(Object.values(outcomes));
      const expected = prefix === 'check' ? cleanRuns : faultRuns;
      if (distinct.size > 1 || Object.keys(outcomes).length !== expected) unstable.push({ subject: `${prefix} ${id}`, outcomes });
    }
  };
  collect('check', checkOutcomes);
  collect('fault', faultOutcomes);
  return {
    cleanRuns,
    faultRuns,
    checksCompared: checkOutcomes.size,
    faultsCompared: faultOutcomes.size,
    unstable,
    durationMs: Date.now() - started,
  };
}

/** The flake report as Markdown. */
export function flakeMarkdown(report: FlakeReport): string {
  const lines = [
    `# Flake check: ${report.unstable.length === 0 ? 'no unstable result' : `${report.unstable.length} unstable results`}`,
    '',
    `${report.cleanRuns} clean runs (${report.checksCompared} checks compared), ${report.faultRuns} runs of each of ${report.faultsCompared} faults, ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
  ];
  for (const u of report.unstable) {
    lines.push(
      `- ${u.subject}: ${Object.entries(u.outcomes)
        .map(([seed, outcome]) => `seed ${seed} ${outcome}`)
        .join('; ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
