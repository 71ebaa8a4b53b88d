import { readFile, rename, writeFile } from 'node:fs/promises';
import { requirements } from '../../spec/requirements.js';
import { didYouMean } from '../../suites/checks/index.js';
import { parseKnownFailures, resultWithChecks, updateKnownFailures } from '../../suites/engine/index.js';
import type { KnownFailure, KnownFailures, KnownFailuresUpdate, RunResult } from '../../suites/engine/index.js';
import { HarnessError } from '../../targets/index.js';
import type { ResolvedRun } from './resolve-run.js';

/** A --baseline file as read before the run: the entries the run is judged by, and the text --baseline-update rewrites. */
export interface BaselineInput {
  readonly knownFailures: KnownFailures;
  /** The file's text; undefined when --baseline-update creates it. */
  readonly text?: string;
  readonly update: boolean;
}

const requirementIds = new Set(requirements.map((requirement) => requirement.id));

/** Today as `until:` days are written: YYYY-MM-DD in UTC. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Reads the --baseline file before anything starts: missing (without --baseline-update, which creates it), not YAML,
 * a malformed entry or a requirement the catalogue does not have is a BASELINE_FILE error, one line, exit 2.
 */
export async function readBaseline(run: Pick<ResolvedRun, 'baseline'>, today = utcToday()): Promise<BaselineInput | undefined> {
  if (run.baseline === undefined) return undefined;
  const { file, update } = run.baseline;
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || !update)
      throw new HarnessError(
        'BASELINE_FILE',
        code === 'ENOENT'
          ? `${file}: no such known-failures file (--baseline): write it from a run with --baseline-update, or fix the path.`
          : `${file}: cannot read the known-failures file (${code ?? (error as Error).message}).`,
      );
  }
  const entries = text === undefined ? [] : parseKnownFailures(text, file).entries;
  if (!update) assertKnownIds(file, entries, requirementIds, (entry) => entry.requirement, 'requirement', 'spec/requirements.yaml');
  return { knownFailures: { file, entries, today }, ...(text === undefined ? {} : { text }), update };
}

/** Refuses an entry naming a check this harness does not have (a run knows every check: its registry). */
export function assertKnownChecks(input: BaselineInput | undefined, checkIds: ReadonlySet<string>): void {
  if (input === undefined || input.update) return;
  assertKnownIds(input.knownFailures.file, input.knownFailures.entries, checkIds, (entry) => entry.check, 'check', 'this harness');
}

function assertKnownIds(
  file: string,
  entries: readonly KnownFailure[],
  known: ReadonlySet<string>,
  idOf: (entry: KnownFailure) => string,
  what: string,
  where: string,
): void {
  const index = entries.findIndex((entry) => !known.has(idOf(entry)));
  if (index < 0) return;
  const id = idOf(entries[index] as KnownFailure);
  throw new HarnessError(
    'BASELINE_FILE',
    `${file}: entry ${index + 1} names ${what} ${id}, which ${where} does not have.${didYouMean(id, known)} Rename or remove it (--baseline-update removes it).`,
  );
}

/**
 * --baseline-update: rewrites the file from the run (entries naming a check or requirement this harness does not have
 * are taken out), written beside it and moved into place; returns the run judged by the file it wrote, and what changed.
 */
export async function writeBaseline(
  input: BaselineInput,
  result: RunResult,
  options: { readonly checkIds?: ReadonlySet<string>; readonly redact: (text: string) => string },
): Promise<{ readonly result: RunResult; readonly update: KnownFailuresUpdate }> {
  const { file } = input.knownFailures;
  const unknown = (entry: KnownFailure): boolean =>
    !requirementIds.has(entry.requirement) || (options.checkIds !== undefined && !options.checkIds.has(entry.check));
  const update = updateKnownFailures(input.text === undefined ? undefined : { text: input.text, file }, result.checks, unknown);
  const text = options.redact(update.text);
  const written = parseKnownFailures(text, file).entries;
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, file);
  } catch (error) {
    throw new HarnessError(
      'BASELINE_FILE',
      `${file}: cannot write the known-failures file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
  const knownFailures = { ...input.knownFailures, entries: written };
  const judged = resultWithChecks(result, { checks: result.checks, setupError: result.setupError, interrupted: result.interrupted, knownFailures });
  return { result: judged, update };
}

/** The line --baseline-update prints: where the file went and what changed in it. */
export function baselineWrittenLine(file: string, update: KnownFailuresUpdate): string {
  const list = (pairs: KnownFailuresUpdate['added']): string =>
    pairs.length === 0
      ? ''
      : `: ${pairs
          .slice(0, 5)
          .map((pair) => `${pair.check} on ${pair.requirement}`)
          .join(', ')}${pairs.length > 5 ? ', …' : ''}`;
  return `baseline: ${file} written: ${update.added.length} added${list(update.added)}; ${update.removed.length} removed${list(update.removed)}; ${update.kept} kept\n`;
}
