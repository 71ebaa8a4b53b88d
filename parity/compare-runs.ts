import type { Delivery } from '../receiver/index.js';
import { requirements as specRequirements } from '../spec/requirements.js';
import type { Requirement } from '../spec/requirements.js';
import type { CheckRegistry } from '../suites/checks/index.js';
import type { CheckResult, RunResult } from '../suites/engine/index.js';
import type { Redactor, Target } from '../targets/index.js';
import { compareExchanges } from './compare-exchanges.js';
import { compareDeliveries, deliveriesOfCheck, deliveriesOutsideChecks, describeDeliveries, summarizeDeliveries } from './deliveries.js';
import type { ParityRow, ParityResult, ParitySide } from './parity-result.js';
import type { ParityRules } from './parity-rules.js';
import { expectationFor, profileCause } from './simulator-expectation.js';
import { specVerdict } from './spec-verdict.js';

/** One side's run as parity needs it. */
export interface ParitySideRun {
  /** How the side was named on the command line (reference, reference+fault:<id>, a URL …). */
  readonly spec: string;
  readonly target: Target;
  readonly result: RunResult;
  /** Every delivery the side's receiver captured (raw, in memory only). */
  readonly deliveries: readonly Delivery[];
  readonly redactor: Redactor;
}

/** What compareRuns needs. */
export interface CompareRunsOptions {
  readonly a: ParitySideRun;
  readonly b: ParitySideRun;
  readonly registry: CheckRegistry;
  readonly rules: ParityRules;
  readonly requirements?: readonly Requirement[];
  readonly durationMs?: number;
}

/** Pairs two runs of the same checks and seed behaviour by behaviour (see ParityRow). */
export function compareRuns(options: CompareRunsOptions): ParityResult {
  const { a, b } = options;
  const byId = (run: RunResult): Map<string, CheckResult> => new Map(run.checks.map((c) => [c.id, c]));
  const [ra, rb] = [byId(a.result), byId(b.result)];
  const ids = [...new Set([...ra.keys(), ...rb.keys()])];
  const rows: ParityRow[] = [];
  for (const id of ids) rows.push(...compareCheck(ra.get(id), rb.get(id), options));
  rows.push(...outsideRows(options).map((row) => row));
  // DESIGN.md §5: nothing either run learned (keys, signing secrets) leaves in a row
  const scrubbed = rows.map((row) => b.redactor.scrubValue(a.redactor.scrubValue(row)));
  rows.length = 0;
  rows.push(...scrubbed);
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

function compareCheck(ca: CheckResult | undefined, cb: CheckResult | undefined, options: CompareRunsOptions): ParityRow[] {
  const { a, b, rules } = options;
  const any = (ca ?? cb) as CheckResult;
  const base = { area: any.suite, check: { id: any.id, title: any.title, level: any.level, requirements: any.requirements } };
  const [sa, sb] = [ca?.status ?? 'skipped', cb?.status ?? 'skipped'];
  const verdictText = (c: CheckResult | undefined): string => (c ? `${c.status}${c.reason ? `: ${c.reason}` : ''}` : 'not planned');
  const rerun = (run: ParitySideRun): string => `npm run conform -- --target ${run.spec} --check ${any.id} --seed ${run.result.seed}`;
  const reproduction = {
    a: [ca?.reproduction, rerun(a)].filter(Boolean).join('\n'),
    b: [cb?.reproduction, rerun(b)].filter(Boolean).join('\n'),
  };
  if (sa === 'skipped' && sb === 'skipped') {
    return [{ ...base, kind: 'applicability', behaviour: 'runs on the target', a: verdictText(ca), b: verdictText(cb), compared: false, same: true }];
  }
  const check = options.registry.get(any.id);
  const simulatorSide = a.target.profile.name === 'simulator' || b.target.profile.name === 'simulator';
  if (sa === 'skipped' || sb === 'skipped') {
    const [ran, skipped] = sa === 'skipped' ? [b.target, a.target] : [a.target, b.target];
    const cause = check ? profileCause(check, ran, skipped, options.requirements ?? specRequirements, rules) : { profileBound: false };
    const expectation = cause.expectation;
    return [
      {
        ...base,
        kind: 'applicability',
        behaviour: 'runs on the target',
        a: verdictText(ca),
        b: verdictText(cb),
        // a check bound to one profile for another reason (e.g. the reference's failing numbers) cannot be compared
        compared: !cause.profileBound || expectation !== undefined,
        same: false,
        details: [cause.profileBound ? `the check applies to the ${ran.profile.name} profile only` : 'the check ran on one side only'],
        spec: specVerdict(any.level, sa, sb, expectation !== undefined),
        ...(expectation ? { expectedOfSimulator: { category: expectation.category, label: expectation.label } } : {}),
        reproduction,
      },
    ];
  }
  const spec = specVerdict(any.level, sa, sb);
  const expectation = simulatorSide ? expectationFor(any, rules) : undefined;
  const label = expectation ? { expectedOfSimulator: { category: expectation.category, label: expectation.label } } : {};
  const rows: ParityRow[] = [];
  if (ca?.trace && cb?.trace) {
    for (const row of compareExchanges(ca.trace, cb.trace, rules, { a: a.redactor, b: b.redactor })) {
      rows.push({ ...base, ...row, ...(row.same || !row.compared ? {} : { spec, ...label }) });
    }
  }
  const [da, db] = [deliveriesOfCheck(ca as CheckResult, a.deliveries), deliveriesOfCheck(cb as CheckResult, b.deliveries)];
  if (da.length + db.length > 0) {
    const [xa, xb] = [summarizeDeliveries(da, ca), summarizeDeliveries(db, cb)];
    const details = compareDeliveries(xa, xb);
    rows.push({
      ...base,
      kind: 'deliveries',
      behaviour: 'webhook deliveries (events, order, attempts, payload shapes, signature)',
      a: describeDeliveries(xa),
      b: describeDeliveries(xb),
      compared: true,
      same: details.length === 0,
      ...(details.length > 0 ? { details, spec, ...label } : {}),
    });
  }
  const same = sa === sb;
  rows.push({
    ...base,
    kind: 'verdict',
    behaviour: 'check verdict',
    a: verdictText(ca),
    b: verdictText(cb),
    compared: true,
    same,
    ...(same ? {} : { details: [`A ${sa}, B ${sb}`], spec, ...label, reproduction }),
  });
  return rows;
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
