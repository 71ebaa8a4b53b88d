import { readFile } from 'node:fs/promises';
import type { PreviousRun } from '../../suites/engine/index.js';
import { HarnessError } from '../../targets/index.js';

/** The earlier run of --compare-run as read before the run starts, and its file as given. */
export interface PreviousRunInput {
  readonly file: string;
  readonly run: PreviousRun;
}

/**
 * Reads --compare-run before anything starts: a file that is missing, not JSON or not a results.json of this harness
 * (checks and requirements with their statuses) is a PREVIOUS_RUN error, one line, exit 2.
 */
export async function readPreviousRun(file: string | undefined): Promise<PreviousRunInput | undefined> {
  if (file === undefined) return undefined;
  const fail = (why: string): never => {
    throw new HarnessError('PREVIOUS_RUN', `${file} (--compare-run): ${why}; give the results.json an earlier run wrote into its report folder.`);
  };
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot read it (${(error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(`not JSON (${(error as Error).message})`);
  }
  const run = value as Partial<Record<keyof PreviousRun, unknown>> | null;
  const rows = (list: unknown): boolean =>
    Array.isArray(list) &&
    list.every((row: unknown) => typeof (row as { id?: unknown })?.id === 'string' && typeof (row as { status?: unknown }).status === 'string');
  if (run === null || typeof run !== 'object' || !rows(run.checks) || !rows(run.requirements))
    fail('not the results.json of a run (it has no checks and requirements with their statuses)');
  const given = run as Record<string, unknown>;
  const target = given.target as { name?: unknown } | undefined;
  return {
    file,
    run: {
      checks: given.checks as PreviousRun['checks'],
      requirements: given.requirements as PreviousRun['requirements'],
      startedAt: typeof given.startedAt === 'string' ? given.startedAt : 'an unknown time',
      target: { name: typeof target?.name === 'string' ? target.name : 'an unknown target' },
      seed: typeof given.seed === 'number' ? given.seed : 0,
      verdict: typeof given.verdict === 'string' ? given.verdict : 'unknown',
    },
  };
}
