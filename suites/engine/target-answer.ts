import type { Exchange } from '../../targets/index.js';
import type { TargetAnswer } from './result.js';

/** The longest target message kept (a report shows it beside the check, not the whole body). */
export const targetMessageLimit = 200;

/**
 * What the target answered in an exchange: its status, its own error message (the body's `message` or `error` field,
 * else the start of the body) and a schema pointer when given. Everything a target sends is untrusted: control
 * characters are dropped and the message is cut to 200 characters.
 */
export function targetAnswer(exchange: Exchange, pointer?: string): TargetAnswer {
  const message = targetMessage(exchange);
  return {
    ...(exchange.status !== undefined ? { status: exchange.status } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(pointer !== undefined ? { pointer } : {}),
  };
}

/** The target's own message in an exchange's body (see targetAnswer), or undefined when the body is empty. */
export function targetMessage(exchange: Exchange): string | undefined {
  const fromField = messageField(exchange.json);
  const text = sanitise(fromField ?? exchange.bodyText);
  if (text === '') return undefined;
  return text.length > targetMessageLimit ? `${text.slice(0, targetMessageLimit - 1)}…` : text;
}

function messageField(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const body = json as Record<string, unknown>;
  for (const field of ['message', 'error']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    // some APIs nest it: {"error": {"message": "..."}}
    if (typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).message === 'string') {
      return (value as Record<string, string>).message;
    }
  }
  return undefined;
}

function sanitise(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
