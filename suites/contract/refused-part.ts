import type { Operation } from '../../spec/index.js';
import type { Exchange, RequestOptions } from '../../targets/index.js';
import { isSuccess } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';
import { targetMessage } from '../engine/target-answer.js';
import { partSchema } from './contract-request.js';

/** Isolations a check does at most (each sends the request once per optional part): shrinking repeats failures. */
export const maxIsolations = 3;

/**
 * A valid request the target refused (4xx): which of its optional parts it refuses, found by sending it once without
 * each optional query parameter and body field (DESIGN.md §3 "Say what the target expects": "refuses status=pending"
 * says more than "400"). A part whose removal makes the request accepted fails ERR-SUCCESS-2XX with the operation's
 * rule for it (a status filter: MSG-LIST-FILTER-STATUS). No-op when none does, or for any other answer.
 */
export async function expectAcceptedParts(ctx: CheckContext, operation: Operation, request: RequestOptions, exchange: Exchange): Promise<void> {
  if (exchange.status === undefined || exchange.status < 400 || exchange.status >= 500 || exchange.status === 404 || exchange.status === 405) return;
  const culprits: { name: string; value: unknown; requirement?: string; accepted: Exchange }[] = [];
  for (const [location, name, value] of optionalParts(operation, request)) {
    const without = { ...request, [location]: omit(request[location] as Record<string, unknown>, name) };
    const accepted = await ctx.http.request(without);
    if (!isSuccess(accepted)) continue;
    const rule = operation.requirements[`filter${name.charAt(0).toUpperCase()}${name.slice(1)}`];
    culprits.push({ name, value, ...(rule === undefined ? {} : { requirement: rule }), accepted });
  }
  if (culprits.length === 0) return;
  const said = targetMessage(exchange);
  const parts = culprits.map((c) => `${c.name}=${typeof c.value === 'string' ? c.value : JSON.stringify(c.value)}`).join(', ');
  ctx.fail(
    `${operation.method} ${operation.path} refuses the valid ${parts}: it answered ${exchange.status}${said === undefined ? '' : ` "${said}"`}, and ${(culprits[0] as (typeof culprits)[number]).accepted.status} without ${culprits.length === 1 ? 'it' : 'each'}`,
    { exchange, requirements: ['ERR-SUCCESS-2XX', ...new Set(culprits.flatMap((c) => (c.requirement === undefined ? [] : [c.requirement])))] },
  );
}

/** The optional query parameters and body fields a request carries, as [location, name, value]. */
function optionalParts(operation: Operation, request: RequestOptions): ['query' | 'body', string, unknown][] {
  const out: ['query' | 'body', string, unknown][] = [];
  for (const location of ['query', 'body'] as const) {
    const given = request[location];
    if (typeof given !== 'object' || given === null || Array.isArray(given) || Buffer.isBuffer(given)) continue;
    const required = new Set((partSchema(operation, location)?.required as string[] | undefined) ?? []);
    for (const [name, value] of Object.entries(given)) if (!required.has(name) && value !== undefined) out.push([location, name, value]);
  }
  return out;
}

function omit(object: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _dropped, ...rest } = object;
  return rest;
}
