import { operations } from '../spec/index.js';
import type { RunResult } from '../suites/engine/index.js';
import { operationOfRequest } from '../suites/engine/operation-of-request.js';
import type { Exchange } from '../targets/index.js';
import type { AcceptedExchange, AcceptedPair } from './parity-result.js';
import { cut } from './parity-text.js';

/**
 * Per operation, the first request each side accepted and what it answered (DESIGN.md §3 "Dialects": a target that
 * names things its own way shows it here, side by side, whatever --dialect mapped back for the checks). From the runs'
 * recorded exchanges; the positive baseline's first, else any check's.
 */
export function acceptedExchanges(a: RunResult, b: RunResult): AcceptedPair[] {
  return operations.map((operation) => {
    const [ea, eb] = [firstAccepted(a, operation.id), firstAccepted(b, operation.id)];
    const pair = { operationId: operation.id, method: operation.method.toUpperCase(), path: operation.path };
    return {
      ...pair,
      ...(ea === undefined ? {} : { a: shown(ea) }),
      ...(eb === undefined ? {} : { b: shown(eb) }),
      names: ea === undefined || eb === undefined ? [] : nameDifferences(ea, eb),
    };
  });
}

/** The side's first accepted exchange of the operation (its baselines' first), one whose answer lists items if any does. */
function firstAccepted(run: RunResult, operationId: string): Exchange | undefined {
  const ordered = [...run.checks.filter((check) => check.baselineFor === operationId), ...run.checks.filter((check) => check.baselineFor !== operationId)];
  const accepted = ordered.flatMap((check) =>
    (check.trace?.exchanges ?? []).filter(
      (exchange) =>
        operationOfRequest(exchange.request.method, exchange.request.url) === operationId &&
        exchange.status !== undefined &&
        exchange.status >= 200 &&
        exchange.status < 300,
    ),
  );
  // an empty list shows no item names to compare
  return accepted.find((exchange) => keysOf(parse(exchange.bodyText)).some((key) => key.startsWith('[].'))) ?? accepted[0];
}

function shown(exchange: Exchange): AcceptedExchange {
  const url = new URL(exchange.request.url);
  const body = exchange.request.body === undefined || exchange.request.bodyBase64 ? '' : ` ${exchange.request.body}`;
  return {
    request: cut(`${exchange.request.method} ${url.pathname}${url.search}${body}`, 400),
    answer: cut(`${exchange.status ?? ''} ${exchange.bodyText}`.trim(), 600),
  };
}

/** The field names of each side's request body and answer (top level and first list item) that the other lacks. */
function nameDifferences(a: Exchange, b: Exchange): string[] {
  const out: string[] = [];
  for (const [what, na, nb] of [
    ['request', keysOf(parse(a.request.body)), keysOf(parse(b.request.body))],
    ['answer', keysOf(parse(a.bodyText)), keysOf(parse(b.bodyText))],
  ] as const) {
    const onlyA = na.filter((name) => !nb.includes(name));
    const onlyB = nb.filter((name) => !na.includes(name));
    if (onlyA.length + onlyB.length > 0) out.push(`${what}: A ${onlyA.join(', ') || '-'}, B ${onlyB.join(', ') || '-'}`);
  }
  return out;
}

/** Top-level keys, those of nested objects (dotted) and of a list's first item ([].name, a bare array or an array field). */
function keysOf(value: unknown): string[] {
  const item = (v: unknown): Record<string, unknown> | undefined =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  if (Array.isArray(value)) return Object.keys(item(value[0]) ?? {}).map((key) => `[].${key}`);
  const object = item(value);
  if (object === undefined) return [];
  const nested = Object.entries(object).flatMap(([key, field]) =>
    // a list's items by [] whatever its key, so a renamed envelope does not hide the item names
    Array.isArray(field) ? Object.keys(item(field[0]) ?? {}).map((inner) => `[].${inner}`) : Object.keys(item(field) ?? {}).map((inner) => `${key}.${inner}`),
  );
  return [...Object.keys(object), ...nested];
}

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
