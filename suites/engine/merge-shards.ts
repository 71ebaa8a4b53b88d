import type { CheckResult, CleanupReport, KnownFailures, RunResult, SendSummary, SetupProblem } from '../../results/run-result.js';
import { HarnessError } from '../../targets/index.js';
import { resultWithChecks, shardFormat } from './shard-result.js';
import type { ResultOverrides, ShardResult } from './shard-result.js';

/** A slice and where it came from (a file path, for error messages). */
export interface ShardEntry {
  readonly source: string;
  readonly slice: ShardResult;
}

// what every slice must agree on, with how to fix a difference
const agreements: readonly { label: string; value: (slice: ShardResult) => unknown; fix: string }[] = [
  { label: 'format', value: (s) => s.format, fix: `write every slice with this harness (format ${shardFormat})` },
  { label: 'harness version', value: (s) => `${s.harness.name}@${s.harness.version}`, fix: 'run every shard with the same harness version' },
  { label: 'shard count', value: (s) => s.shard.total, fix: 'run every shard with the same n in --shard i/n, and merge one run per directory' },
  { label: 'seed', value: (s) => s.seed, fix: 'give every shard the same --seed' },
  { label: 'runs', value: (s) => s.runs, fix: 'give every shard the same --runs' },
  { label: 'fail-on', value: (s) => s.failOn, fix: 'give every shard the same --fail-on' },
  { label: 'selection', value: (s) => s.selection, fix: 'give every shard the same --suite/--requirement/--check' },
  {
    label: 'target',
    value: (s) => ({ name: s.target.name, profile: s.target.profile, spec: s.target.spec, faults: s.target.faults }),
    fix: 'run every shard against the same --target, --profile and --fault',
  },
  { label: 'plan', value: (s) => s.plan, fix: 'run every shard with the same options and keys, so each plans the same checks' },
];

/**
 * Merges the slices of one sharded run into the RunResult the unsharded run would give: the same checks in the same
 * order, the same matrix, verdict and exit code (judged by the merge's known-failures baseline, if given). Missing, duplicate or
 * disagreeing slices are a HarnessError (SHARD_* codes), never a partial result.
 */
export function mergeShards(entries: readonly ShardEntry[], knownFailures?: KnownFailures): RunResult {
  if (entries.length === 0)
    throw new HarnessError('SHARD_NONE', 'No shard results to merge: pass the directory holding the shard-<i>-of-<n>.json files of every shard.');
  for (const entry of entries) {
    const format = (entry.slice as Partial<ShardResult> | null)?.format;
    if (format !== shardFormat)
      throw new HarnessError(
        'SHARD_FORMAT',
        `${entry.source} is not a shard result (format ${String(format)}, expected ${shardFormat}): merge only files written by --shard.`,
      );
  }
  const sorted = [...entries].sort((a, b) => a.slice.shard.index - b.slice.shard.index);
  const first = sorted[0] as ShardEntry;
  for (const { label, value, fix } of agreements) {
    const expected = JSON.stringify(value(first.slice));
    const other = sorted.find((entry) => JSON.stringify(value(entry.slice)) !== expected);
    if (other) {
      throw new HarnessError(
        'SHARD_MISMATCH',
        `Shard results disagree on the ${label}: ${other.source} has ${JSON.stringify(value(other.slice))}, ${first.source} has ${expected}. To fix: ${fix}.`,
      );
    }
  }
  const total = first.slice.shard.total;
  const byIndex = new Map<number, ShardEntry>();
  for (const entry of sorted) {
    const seen = byIndex.get(entry.slice.shard.index);
    if (seen)
      throw new HarnessError(
        'SHARD_DUPLICATE',
        `Shard ${entry.slice.shard.index} of ${total} appears twice (${seen.source} and ${entry.source}): keep one result per shard (e.g. only the latest re-run's artifacts).`,
      );
    byIndex.set(entry.slice.shard.index, entry);
  }
  const stopped = sorted.find((entry) => entry.slice.result.interrupted !== undefined);
  if (stopped) {
    throw new HarnessError(
      'SHARD_MISSING',
      `Shard ${stopped.slice.shard.index} of ${total} (${stopped.source}) was stopped (${stopped.slice.result.interrupted?.by}) before it finished: its results are partial; re-run that shard before merging.`,
    );
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw new HarnessError(
      'SHARD_MISSING',
      `Missing shard result(s) ${missing.join(', ')} of ${total} (found ${sorted.map((e) => e.source).join(', ')}): wait for every shard job, or re-run the missing ones, before merging.`,
    );
  }
  return resultWithChecks(first.slice.result, {
    checks: collectChecks(sorted),
    setupError: setupErrors(sorted),
    knownFailures,
    overrides: fleetFigures(sorted.map((entry) => entry.slice.result)),
  });
}

/** Each planned check from the one slice that owns it, in plan order. */
function collectChecks(entries: readonly ShardEntry[]): CheckResult[] {
  const plan = (entries[0] as ShardEntry).slice.plan;
  const found = new Map<string, { check: CheckResult; source: string }>();
  for (const { source, slice } of entries) {
    for (const check of slice.result.checks) {
      const earlier = found.get(check.id);
      if (earlier || !plan.includes(check.id)) {
        throw new HarnessError(
          'SHARD_MISMATCH',
          `Check ${check.id} is ${earlier ? `reported by both ${earlier.source} and ${source}` : `in ${source} but not in the plan`}: the slices do not belong to one run; re-run the shards with the same options.`,
        );
      }
      found.set(check.id, { check, source });
    }
  }
  const absent = plan.filter((id) => !found.has(id));
  if (absent.length > 0)
    throw new HarnessError(
      'SHARD_MISMATCH',
      `No slice reports ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ` and ${absent.length - 5} more` : ''}: the slices are incomplete; re-run the shards.`,
    );
  return plan.map((id) => (found.get(id) as { check: CheckResult }).check);
}

function setupErrors(entries: readonly ShardEntry[]): SetupProblem | undefined {
  const failing = entries.filter((entry) => entry.slice.result.setupError);
  if (failing.length === 0) return undefined;
  const message = failing.map(({ slice }) => `shard ${slice.shard.index}/${slice.shard.total}: ${slice.result.setupError?.message}`).join('; ');
  return { code: (failing[0] as ShardEntry).slice.result.setupError?.code ?? 'SHARD', message };
}

/** Fleet-wide figures: the earliest start, the longest slice (they run in parallel), the sum of requests and sends. */
function fleetFigures(results: readonly RunResult[]): ResultOverrides {
  const first = results[0] as RunResult;
  const origins = [...new Set(results.map((r) => r.target.baseUrl))];
  const startups = results.map((r) => r.target.startupMs).filter((ms): ms is number => ms !== undefined);
  const sends = results.map((r) => r.sends).filter((s): s is SendSummary => s !== undefined);
  const cleanups = results.map((r) => r.cleanup).filter((c): c is CleanupReport => c !== undefined);
  return {
    target: { ...first.target, baseUrl: origins.join(', '), ...(startups.length > 0 ? { startupMs: Math.max(...startups) } : {}) },
    startedAt: results.map((r) => r.startedAt).sort()[0] as string,
    durationMs: Math.max(...results.map((r) => r.durationMs)),
    requestsSent: results.reduce((sum, r) => sum + r.requestsSent, 0),
    ...(sends.length > 0
      ? {
          sends: {
            ...(sends[0] as SendSummary),
            sent: sum(sends.map((s) => s.sent)),
            refused: sum(sends.map((s) => s.refused)),
            counted: sum(sends.map((s) => s.counted)),
            ledger: sends.flatMap((s) => s.ledger),
          },
        }
      : {}),
    ...(cleanups.length > 0
      ? { cleanup: { webhooksDeleted: cleanups.flatMap((c) => c.webhooksDeleted), webhooksLeft: cleanups.flatMap((c) => c.webhooksLeft) } }
      : {}),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
