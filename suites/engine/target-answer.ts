import type { Exchange } from '../../targets/index.js';
import type { TargetAnswer } from '../../results/run-result.js';
import { foundAt } from './answer-found.js';

/** The longest target message kept (a report shows it beside the check, not the whole body). */
export const targetMessageLimit = 200;

/**
 * What the target answered in an exchange: its status, its own error message (the body's `message` or `error` field
 * with the details it gives, else the start of the body) and a schema pointer when given. Everything a target sends is untrusted: control
 * characters are dropped and the message is cut to 200 characters.
 */
export function targetAnswer(exchange: Exchange, pointer?: string): TargetAnswer {
  const message = targetMessage(exchange);
  return {
    ...(exchange.status !== undefined ? { status: exchange.status } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(pointer !== undefined ? { pointer } : {}),
    ...(pointer !== undefined && exchange.json !== undefined ? { found: foundAt(exchange.json, pointer) } : {}),
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
  const main = headline(body);
  // the target's own detail (the field it names, its words): "Invalid request data" alone does not say what it expects
  const details = detailMessages(body).filter((detail) => detail !== main && !(main ?? '').includes(detail));
  if (details.length === 0) return main;
  return main === undefined ? details.join('; ') : `${main}: ${details.join('; ')}`;
}

/** The body's own message: its message or error field (or {"error": {"message": ...}}), RFC 9457's title/detail. */
function headline(body: Record<string, unknown>): string | undefined {
  for (const field of ['message', 'error', 'title']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    // some APIs nest it: {"error": {"message": "..."}}
    if (typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).message === 'string') {
      return (value as Record<string, string>).message;
    }
  }
  return undefined;
}

const detailFields = ['details', 'errors', 'issues', 'detail', 'fields', 'validation'];
const maxDetails = 3;

/**
 * The detail messages of an error body, as validation libraries and APIs write them: a list of strings or of objects
 * with message/msg/detail (and field/path/param), an object of field → message(s), or RFC 9457's detail string.
 */
function detailMessages(body: Record<string, unknown>): string[] {
  const found: string[] = [];
  const add = (text: unknown, field?: unknown): void => {
    if (typeof text !== 'string' || text.trim() === '' || found.length >= maxDetails) return;
    const named = typeof field === 'string' && field !== '' && !text.includes(field) ? `${field}: ${text}` : text;
    if (!found.includes(named)) found.push(named);
  };
  const fromItem = (item: unknown, key?: string): void => {
    if (typeof item === 'string') return add(item, key);
    if (typeof item !== 'object' || item === null) return;
    const record = item as Record<string, unknown>;
    const field = record.field ?? record.path ?? record.param ?? record.property ?? record.loc ?? key;
    add(record.message ?? record.msg ?? record.detail ?? record.description, Array.isArray(field) ? field.join('.') : field);
  };
  for (const name of detailFields) {
    const value = body[name] ?? (typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>)[name] : undefined);
    if (Array.isArray(value)) value.forEach((item) => fromItem(item));
    else if (typeof value === 'string') add(value);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        if (Array.isArray(item)) item.forEach((one) => fromItem(one, key));
        else fromItem(item, key);
      }
    }
  }
  return found;
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
