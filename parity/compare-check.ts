import { requirements as specRequirements } from '../spec/requirements.js';
import type { CheckResult } from '../suites/engine/index.js';
import type { CompareRunsOptions } from './compare-options.js';
import { compareExchanges } from './compare-exchanges.js';
import { compareDeliveries, deliveriesOfCheck, describeDeliveries, summarizeDeliveries } from './deliveries.js';
import type { ParityRow } from './parity-result.js';
import { reproductionFor, rerunCommand } from './reproduce-command.js';
import type { SideCommand } from './reproduce-command.js';
import { expectationFor, profileCause } from './simulator-expectation.js';
import { specVerdict } from './spec-verdict.js';

/** compareRuns' options with each side's command (for the reproductions). */
export interface CheckComparison extends CompareRunsOptions {
  readonly commands: { readonly a: SideCommand; readonly b: SideCommand };
}

const verdictText = (c: CheckResult | undefined): string => (c ? `${c.status}${c.reason ? `: ${c.reason}` : ''}` : 'not planned');

/** The rows of one check: its exchanges, its deliveries and its verdict, each side by side. */
export function compareCheck(ca: CheckResult | undefined, cb: CheckResult | undefined, options: CheckComparison): ParityRow[] {
  const { a, b, rules, commands } = options;
  const any = (ca ?? cb) as CheckResult;
  const base = { area: any.suite, check: { id: any.id, title: any.title, level: any.level, requirements: any.requirements } };
  const [sa, sb] = [ca?.status ?? 'skipped', cb?.status ?? 'skipped'];
  const rerun = (side: 'a' | 'b'): string => rerunCommand(commands[side], [any.id], (side === 'a' ? a : b).result.seed, (side === 'a' ? a : b).result.runs);
  const reproduction = {
    a: reproductionFor(commands.a, rerun('a'), ca?.reproduction),
    b: reproductionFor(commands.b, rerun('b'), cb?.reproduction),
  };
  if (sa === 'skipped' && sb === 'skipped') {
    return [{ ...base, kind: 'applicability', behaviour: 'runs on the target', a: verdictText(ca), b: verdictText(cb), compared: false, same: true }];
  }
  const requirements = options.requirements ?? specRequirements;
  if (sa === 'skipped' || sb === 'skipped') {
    const check = options.registry.get(any.id);
    const [ran, skipped, ranResult] = sa === 'skipped' ? [b.target, a.target, cb] : [a.target, b.target, ca];
    const cause = check ? profileCause(check, ran, skipped, requirements, rules) : { profileBound: false };
    const failed = ranResult?.status === 'failed' || ranResult?.status === 'errored';
    // spec §8 excuses the difference only where the side that ran it met it
    const expectation = failed ? undefined : cause.expectation;
    // a skip is the harness's choice (profile, a setting not given, the safety policy), not what the target did:
    // compared only when the side that ran it broke it, or spec §8 expects the simulator to differ there
    const compared = failed || expectation !== undefined;
    const skippedResult = sa === 'skipped' ? ca : cb;
    const why = cause.profileBound
      ? `the check applies to the ${cause.appliesTo ?? ran.profile.name} profile only`
      : `${sa === 'skipped' ? 'A' : 'B'} skipped it: ${skippedResult?.reason ?? 'not planned'}`;
    return [
      {
        ...base,
        kind: 'applicability',
        behaviour: 'runs on the target',
        a: verdictText(ca),
        b: verdictText(cb),
        compared,
        same: false,
        details: [compared ? why : `${why}: not compared`],
        ...(compared
          ? {
              spec: expectation
                ? { verdict: 'both-conform' as const, why: `the check applies to one profile only and passed there: ${expectation.label}` }
                : specVerdict(any.level, ca, cb, requirements),
            }
          : {}),
        // nothing to reproduce where spec §8 expects the difference
        ...(expectation ? { expectedOfSimulator: { category: expectation.category, label: expectation.label } } : { reproduction }),
      },
    ];
  }
  const spec = specVerdict(any.level, ca, cb, requirements);
  const simulatorSide = a.target.profile.name === 'simulator' || b.target.profile.name === 'simulator';
  // a check that ran on both sides is excused only when all it proves is one of spec §8's simulator differences
  const expectation = simulatorSide ? expectationFor(any, rules) : undefined;
  const label = expectation ? { expectedOfSimulator: { category: expectation.category, label: expectation.label } } : {};
  const rows: ParityRow[] = [];
  if (ca?.trace && cb?.trace) {
    for (const row of compareExchanges(ca.trace, cb.trace, rules, { a: a.redactor, b: b.redactor })) {
      const curls = row.reproduction && {
        a: reproductionFor(commands.a, rerun('a'), row.reproduction.a),
        b: reproductionFor(commands.b, rerun('b'), row.reproduction.b),
      };
      rows.push({ ...base, ...row, ...(curls ? { reproduction: curls } : {}), ...(row.same || !row.compared ? {} : { spec, ...label }) });
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
      ...(details.length > 0 ? { details, spec, ...label, reproduction } : {}),
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
