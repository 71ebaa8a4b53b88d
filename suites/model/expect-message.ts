import type { Exchange } from '../../targets/index.js';
import type { ModelReal } from './model-real.js';
import type { SendBody } from './model-state.js';

/** Which requirement each part of a Message comparison cites (they differ between send, get and list). */
export interface MessageRequirements {
  readonly shape: string;
  readonly echo: string;
  readonly outbound: string;
}

/**
 * Compares a Message answer with what was sent (spec §2.1, §4.1): schema, to/from/message, direction outbound and,
 * when given, the id. Returns the answer's id (undefined when it has none).
 */
export function expectMessage(
  real: ModelReal,
  exchange: Exchange,
  value: unknown,
  expected: SendBody & { id?: string; label?: string },
  requirements: MessageRequirements,
): string | undefined {
  const where = `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
  const message = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const name = expected.label ? `message ${expected.label}` : 'the message';
  real.must(requirements.shape, typeof message.id === 'string' && message.id !== '', `${where}: ${name} has no string id`, exchange);
  if (expected.id !== undefined) {
    real.must(requirements.shape, message.id === expected.id, `${where}: ${name} came back with id ${String(message.id)}`, exchange);
  }
  for (const field of ['to', 'from', 'message'] as const) {
    real.must(
      requirements.echo,
      message[field] === expected[field],
      `${where}: ${name} has ${field} ${JSON.stringify(message[field])}, but ${JSON.stringify(expected[field])} was sent`,
      exchange,
    );
  }
  real.must(
    requirements.outbound,
    message.direction === 'outbound',
    `${where}: ${name} has direction ${JSON.stringify(message.direction)}, not outbound`,
    exchange,
  );
  return typeof message.id === 'string' ? message.id : undefined;
}

/** The JSON body as a record, or an empty one. */
export function jsonObject(exchange: Exchange): Record<string, unknown> {
  const json = exchange.json;
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}
