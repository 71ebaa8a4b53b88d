import type { Delivery } from '../receiver/index.js';
import type { CheckResult, RunResult } from '../suites/engine/index.js';
import { acceptedExchanges } from './accepted-exchanges.js';
import { compareCheck } from './compare-check.js';
import type { CheckComparison } from './compare-check.js';
import type { CompareRunsOptions, ParitySideRun } from './compare-options.js';
import { deliveriesOutsideChecks, describeDeliveries, summarizeDeliveries } from './deliveries.js';
import { foldOperations } from './fold-operations.js';
import type { ParityRow, ParityResult, ParitySide } from './parity-result.js';
import { sideCommand } from './reproduce-command.js';

/**
 * Pairs two runs of the same checks and seed behaviour by behaviour (see ParityRow). The rows of checks that a
 * blocked or missing operation decided on one side fold into one row for that operation (DESIGN.md §3).
 */
export function compareRuns(options: CompareRunsOptions): ParityResult {
  const { a, b } = options;
  const shared = options.sharedFlags ?? [];
  const commands = { a: sideCommand('a', a.spec, a.target, b.target, shared), b: sideCommand('b', b.spec, b.target, a.target, shared) };
  const comparison: CheckComparison = { ...options, commands };
  const byId = (run: RunResult): Map<string, CheckResult> => new Map(run.checks.map((c) => [c.id, c]));
  const [ra, rb] = [byId(a.result), byId(b.result)];
  const ids = [...new Set([...ra.keys(), ...rb.keys()])];
  const perCheck = ids.map((id) => ({ a: ra.get(id), b: rb.get(id), rows: compareCheck(ra.get(id), rb.get(id), comparison) }));
  const folded = foldOperations(perCheck, comparison);
  // DESIGN.md §5: nothing either run learned (keys, signing secrets) leaves in a row
  const rows = [...folded.rows, ...outsideRows(options)].map((row) => b.redactor.scrubValue(a.redactor.scrubValue(row)));
  const compared = rows.filter((row) => row.compared);
  const matching = compared.filter((row) => row.same).length;
  const differing = compared.filter((row) => !row.same);
  const expected = differing.filter((row) => row.expectedOfSimulator).length;
  return {
    a: side(a),
    b: side(b),
    seed: a.result.seed,
    runs: a.result.runs,
    startedAt: a.result.startedAt,
    durationMs: options.durationMs ?? a.result.durationMs + b.result.durationMs,
    rows,
    score: { matching, compared: compared.length, percent: compared.length === 0 ? 100 : Math.round((matching / compared.length) * 1000) / 10 },
    differences: { total: differing.length, expectedOfSimulator: expected, unexpected: differing.length - expected },
    folded: { operations: folded.operations, rows: folded.foldedRows },
    accepted: acceptedExchanges(a.result, b.result).map((pair) => b.redactor.scrubValue(a.redactor.scrubValue(pair))),
    keyVariables: { a: commands.a.keyVariables, b: commands.b.keyVariables },
  };
}

function side(run: ParitySideRun): ParitySide {
  const { result } = run;
  return {
    spec: run.spec,
    name: result.target.name,
    profile: result.target.profile,
    baseUrl: result.target.baseUrl,
    verdict: result.verdict,
    statuses: result.summary.byStatus,
    ...(result.setupError ? { setupError: result.setupError.message, setupCode: result.setupError.code } : {}),
  };
}

/** Deliveries no check registered for, e.g. to a simulator's one configured URL (spec §8): one run-wide behaviour. */
function outsideRows({ a, b, rules }: CompareRunsOptions): ParityRow[] {
  const [oa, ob] = [deliveriesOutsideChecks(a.result.checks, a.deliveries), deliveriesOutsideChecks(b.result.checks, b.deliveries)];
  if (oa.length + ob.length === 0) return [];
  const events = (list: readonly Delivery[]): string => {
    const kinds = [...new Set(list.map((d) => d.event ?? d.headers['service-event'] ?? '(no event)'))].sort();
    return kinds.length === 0 ? 'none' : `${list.length} deliveries: ${kinds.join(', ')} at ${[...new Set(list.map((d) => d.path))].join(', ')}`;
  };
  const [ea, eb] = [events(oa), events(ob)];
  const kinds = (list: readonly Delivery[]): string => [...new Set(list.map((d) => d.event ?? ''))].sort().join(',');
  const same = kinds(oa) === kinds(ob);
  const oneUrl = a.target.profile.webhooksToOneUrl !== b.target.profile.webhooksToOneUrl;
  const expectation = oneUrl ? rules.simulatorExpectations.find((e) => e.category === 'webhook-url') : undefined;
  return [
    {
      area: 'run',
      kind: 'run',
      behaviour: 'deliveries to URLs no check registered (a simulator sends every event to its configured URL)',
      a: ea,
      b: eb,
      compared: true,
      same,
      ...(same
        ? {}
        : {
            details: [describeDeliveries(summarizeDeliveries(oa)), describeDeliveries(summarizeDeliveries(ob))].map((d, i) => `${i === 0 ? 'A' : 'B'}: ${d}`),
            spec: expectation
              ? { verdict: 'both-conform' as const, why: 'only the simulator profile has a configured webhook URL (spec §8)' }
              : { verdict: 'not-decided' as const, why: 'no check covers these deliveries' },
            ...(expectation ? { expectedOfSimulator: { category: expectation.category, label: expectation.label } } : {}),
          }),
    },
  ];
}
