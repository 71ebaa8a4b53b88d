import { requirementById, requirements } from '../spec/requirements.js';
import type { CheckResult, CheckStatus, Level, RunResult } from '../results/run-result.js';
import type { SessionTraffic } from '../results/run-result.js';
import { recordedSessionPrefix } from './har-exchanges.js';
import { exitCodeFor, requirementsMatrix, summarize } from '../suites/engine/summarize.js';
import { rootCauses } from '../suites/engine/root-causes.js';
import { sessionOperations } from './session-operations.js';
import type { GradedSession } from './session-reports.js';
import { sessionTraffic } from './session-reports.js';
import type { RequirementCount } from './session-tally.js';

/** Who graded the traffic: the API proxy or the webhook forwarder. */
export type SessionKind = 'proxy' | 'forwarder';

/** What a session result needs besides its counters. */
export interface SessionMeta {
  readonly kind: SessionKind;
  /** The proxied target (proxy) or the consumer deliveries were forwarded to (forwarder); no credentials in it. */
  readonly baseUrl: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly failOn: 'must' | 'should';
}

const prefixes: Readonly<Record<SessionKind, string>> = { proxy: 'PROXY', forwarder: 'FORWARD' };

// an observe-level requirement the traffic broke is noted, never failed (DESIGN.md §3 levels)
function brokenStatus(level: Level): CheckStatus {
  return level === 'observe' ? 'noted' : 'failed';
}

/** One check per requirement the traffic touched: failed when any exchange broke it, passed when some kept it. */
function checkOf(kind: SessionKind, id: string, count: RequirementCount, baselines: ReadonlySet<string>): CheckResult {
  const requirement = requirementById(id);
  const level: Level = requirement?.level ?? 'must';
  const proving = [...count.refusals].filter(([operation]) => baselines.has(operation)).reduce((sum, [, n]) => sum + n, 0);
  const waiting = [...count.refusals.keys()].filter((operation) => !baselines.has(operation));
  const seen = count.passes + count.failures + count.judged + proving;
  const base = {
    id: `${prefixes[kind]}-${id}`,
    title: requirement?.text ?? id,
    suite: kind,
    requirements: [id],
    level,
    durationMs: 0,
    exchanges: seen,
  };
  if (count.failures > 0) {
    const first = count.samples[0];
    return {
      ...base,
      status: brokenStatus(level),
      violated: [id],
      reason: `${count.failures} of ${seen} exchanges broke it; first: ${first ? `${first.exchange}: ${first.message}` : '(not kept)'}`,
      logs: count.samples.map((v) => `${v.at} ${v.exchange}: ${v.message}`),
    };
  }
  if (seen > 0)
    return { ...base, status: 'passed', reason: `${seen} exchanges kept it${proving > 0 ? ` (${proving} by refusing a request that breaks it)` : ''}` };
  // DESIGN.md §3: a refusal proves nothing while the operation has not answered one valid request with a 2xx
  return {
    ...base,
    status: 'skipped',
    reason: `only refusals seen, of ${waiting.join(', ')}, which answered no valid request with a 2xx in this session: a refusal proves nothing alone`,
  };
}

/**
 * The session as a RunResult, so every reporter renders it: what the traffic proved, broke or never touched, and
 * (`traffic`) how many exchanges it could not grade, which every report and the final line state beside the verdict.
 */
export function sessionResult(session: Pick<GradedSession, 'tally' | 'notGraded'>, meta: SessionMeta): RunResult {
  const { tally } = session;
  const traffic = sessionTraffic(session);
  const baselines = new Set([...tally.operations].filter(([, traffic]) => traffic.baselines > 0).map(([operation]) => operation));
  const checks = [...tally.requirements].sort(([a], [b]) => a.localeCompare(b)).map(([id, count]) => checkOf(meta.kind, id, count, baselines));
  const matrix = requirementsMatrix(requirements, checks);
  const graded = checks.length > 0;
  const exitCode = graded ? exitCodeFor(checks, meta.failOn) : 2;
  return {
    target: { name: meta.kind === 'proxy' ? 'proxy session' : 'webhook forwarder session', profile: 'passive', baseUrl: meta.baseUrl },
    seed: 0,
    runs: 0,
    failOn: meta.failOn,
    startedAt: new Date(meta.startedAt).toISOString(),
    durationMs: meta.endedAt - meta.startedAt,
    checks,
    // a forwarder sees deliveries, not API operations
    operations: meta.kind === 'proxy' ? sessionOperations(tally.operations) : [],
    rootCauses: rootCauses(checks),
    requirements: matrix,
    summary: summarize(checks, matrix),
    verdict: !graded ? 'not-run' : exitCode === 0 ? 'conforms' : 'does-not-conform',
    exitCode,
    ...(graded
      ? {}
      : {
          setupError: {
            code: 'NO_TRAFFIC',
            message: `no ${meta.kind === 'proxy' ? 'exchange of a contract operation' : 'delivery'} was graded in this session${traffic.notGraded > 0 ? ` (${traffic.notGraded} of ${traffic.exchanges} exchanges not graded)` : ''}: ${noTrafficAdvice(meta, traffic)}`,
          },
        }),
    requestsSent: traffic.exchanges,
    traffic,
  };
}

/** What to do when nothing was graded: a recorded file needs the client's API calls in it; a live session, the client pointed at it. */
function noTrafficAdvice(meta: SessionMeta, traffic: SessionTraffic): string {
  if (traffic.exchanges > 0 && traffic.notGraded === traffic.exchanges) return 'each was counted as not graded, with the reason';
  if (meta.baseUrl.startsWith(recordedSessionPrefix)) return 'record the calls your client makes to the API (paths under /v1) into the file';
  return `point your client at the ${meta.kind}`;
}
