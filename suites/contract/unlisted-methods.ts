import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import type { Check } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';

/** A method no operation of the contract uses: sent on each documented path, it can change nothing a client relies on. */
const unlistedMethod = 'PATCH';

/** Each documented path template with the operations the contract lists on it (documented order). */
function pathsWithOperations(operations: readonly Operation[]): Map<string, Operation[]> {
  const paths = new Map<string, Operation[]>();
  for (const op of operations) paths.set(op.path, [...(paths.get(op.path) ?? []), op]);
  return paths;
}

// well-formed ids of nothing: the route matches the path, whatever the id (a webhook id is a UUID, spec §4.2)
const filled = (path: string) => path.replace(/\{id\}/g, '00000000-0000-4000-8000-000000000000').replace(/\{[^}]+\}/g, 'conform-unknown-id');

/** What is wrong with the answer to an unlisted method, or undefined. */
function problem(exchange: Exchange, listed: readonly string[]): string | undefined {
  if (exchange.status !== 405) return `answered ${exchange.status ?? 'nothing'}, expected 405`;
  const allow = String(exchange.headers.allow ?? '');
  if (allow === '') return 'answered 405 without an Allow header';
  const named = allow.split(',').map((m) => m.trim().toUpperCase());
  const missing = listed.filter((m) => !named.includes(m));
  return missing.length === 0 ? undefined : `Allow: ${allow} leaves out ${missing.join(', ')}`;
}

/**
 * RFC 9110 §15.5.6: a method the resource does not support answers 405 with an Allow header; a schema fuzzer sends
 * one, so the harness does too (should: the spec says nothing of it). One request per documented path.
 */
export function unlistedMethodChecks(operations: readonly Operation[]): Check[] {
  const paths = pathsWithOperations(operations);
  if ([...paths.values()].some((ops) => ops.some((op) => op.method.toUpperCase() === unlistedMethod))) return [];
  return [
    defineCheck({
      id: 'CONTRACT-UNLISTED-METHOD-405',
      title: `${unlistedMethod} on every documented path answers 405 with an Allow header naming the methods served`,
      suite: 'contract/http',
      requirements: ['ERR-METHOD-NOT-ALLOWED'],
      level: 'should',
      baseline: 'listMessages',
      // it probes the paths whose operations work: their baselines run first
      observes: operations.map((op) => op.id),
      estimate: { requests: paths.size, sends: 0 },
      async run(ctx) {
        const found: { what: string; exchange: Exchange }[] = [];
        // a path none of whose operations works is missing as a whole: its 404 blames nothing (DESIGN.md §3)
        const served = [...paths].filter(([, ops]) => ops.some((op) => ctx.baseline.accepted(op.id)));
        if (served.length < paths.size)
          ctx.log(`not tried: ${[...paths.keys()].filter((path) => !served.some(([p]) => p === path)).join(', ')} (no operation there works)`);
        for (const [path, ops] of served) {
          const listed = ops.map((op) => op.method.toUpperCase());
          const exchange = await ctx.http.request({ method: unlistedMethod, path: filled(path), body: {} });
          const why = problem(exchange, listed);
          if (why !== undefined) found.push({ what: `${unlistedMethod} ${path} ${why}`, exchange });
          else ctx.evidence(`${unlistedMethod} ${path} answered 405 with Allow: ${exchange.headers.allow ?? ''}`);
        }
        const first = found[0];
        if (first) ctx.fail(`${found.length} of ${served.length} paths: ${found.map((f) => f.what).join('; ')}`, { exchange: first.exchange });
      },
    }),
  ];
}
