import type { OperationRow } from '../../results/run-result.js';
import { operationById } from '../../spec/index.js';

/**
 * Names targets commonly give the spec's request fields, compared without case and separators: a hint's guess where
 * the refusal names the target's field but not which of the spec's it stands for (the run with --dialect proves it).
 */
const usualNames: Readonly<Record<string, readonly string[]>> = {
  message: ['body', 'text', 'content', 'sms', 'messagebody', 'messagetext'],
  to: ['recipient', 'phone', 'phonenumber', 'tonumber', 'destination', 'msisdn'],
  from: ['sender', 'fromnumber', 'source', 'originator', 'senderid'],
  template: ['templateid', 'templatename'],
  url: ['endpoint', 'webhookurl', 'callbackurl'],
  events: ['eventtypes', 'topics', 'subscriptions'],
};

const word = String.raw`[\x60'"]?([A-Za-z_][A-Za-z0-9_]*)[\x60'"]?`;
/** "body is required", "'body' is missing", "must have required property 'body'", "missing field body". */
const requiredName = new RegExp(`${word}\\s+(?:is|are)\\s+(?:required|missing)|(?:required|missing)\\s+(?:field|property|parameter|key)?\\s*${word}`, 'gi');
const notNames = new Set(['field', 'fields', 'property', 'parameter', 'key', 'value', 'it', 'this', 'that', 'which']);

const plain = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The --dialect entries a refusal of valid input asks for in its own words (decision 31): a field it says is required
 * that the spec's request does not name, read as the one spec field the message leaves unnamed, else as the spec field
 * it is a usual name of (`body is required` to a send: `message=body`). Nothing when that is ambiguous.
 */
export function requestNameHints(row: OperationRow): string[] {
  if (row.state !== 'refuses-valid-input' || row.message === undefined || row.status === undefined || row.status >= 500) return [];
  const schema = operationById(row.operationId)?.requestBodySchema;
  if (typeof schema !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) return [];
  const specFields = Object.keys(schema.properties);
  const spelled = new Set(specFields.map(plain));
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : specFields;
  const mentioned = new Set((row.message.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).map(plain));
  const theirs = [...row.message.matchAll(requiredName)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((name) => name !== '' && !spelled.has(plain(name)) && !notNames.has(name.toLowerCase()));
  const unnamed = required.filter((field) => !mentioned.has(plain(field)));
  const entries: string[] = [];
  for (const target of new Set(theirs)) {
    const spec = theirs.length === 1 && unnamed.length === 1 ? unnamed[0] : specFields.find((field) => usualNames[field]?.includes(plain(target)));
    if (spec !== undefined) entries.push(`${spec}=${target}`);
  }
  return entries;
}
