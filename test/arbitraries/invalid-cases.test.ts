import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidCases, validArbitrary, type InvalidCase, type JsonSchema } from '../../suites/arbitraries/index.js';
import { ajvErrors } from './ajv.js';
import { constraintKeys, schemaAt } from './schema-at.js';
import { ALL_SCHEMAS, ListQuery, SendMessageCall, Webhook, WebhookInput } from './schemas.js';

const SEED = 777;
const pointer = (path: readonly string[]) => path.map((p) => `/${p}`).join('');

function expectBreaksExactly(schema: JsonSchema, c: InvalidCase, base: unknown): void {
  const errors = ajvErrors(schema, c.mutate(base));
  const label = `${c.description} (${c.keyword} at ${c.path.join('.')})`;
  expect(errors.length, label).toBeGreaterThan(0);
  expect([...new Set(errors.map((e) => e.keyword))].sort(), label).toEqual([c.keyword, ...c.alsoBreaks].sort());
  const own = errors.find((e) => e.keyword === c.keyword);
  if (c.keyword === 'required' || c.keyword === 'additionalProperties') {
    expect(own?.instancePath, label).toBe(pointer(c.path.slice(0, -1)));
    expect(Object.values(own?.params ?? {}), label).toContain(c.path.at(-1));
  } else {
    expect(own?.instancePath, label).toBe(pointer(c.path));
  }
}

function expectedRequirement(schema: JsonSchema, c: InvalidCase): string | undefined {
  const { schema: node, itemOf } = schemaAt(schema, c.path);
  const parent = schemaAt(schema, c.path.slice(0, -1)).schema;
  if (c.keyword === 'required') return node['x-requirements']?.required ?? parent['x-requirements']?.required;
  return node['x-requirements']?.[c.keyword] ?? itemOf?.['x-requirements']?.items;
}

const find = (cases: InvalidCase[], path: string, keyword: string) => cases.find((c) => c.path.join('.') === path && c.keyword === keyword);

describe('invalidCases', () => {
  it.each(Object.entries(ALL_SCHEMAS))('%s: each mutation of generated valid values breaks exactly its keyword', (_name, schema) => {
    const cases = invalidCases(schema);
    const bases = fc.sample(validArbitrary(schema), { seed: SEED, numRuns: 12 });
    for (const base of bases) for (const c of cases) expectBreaksExactly(schema, c, base);
    for (const c of cases) expect(c.requirement, c.description).toBe(expectedRequirement(schema, c));
  });

  it.each(Object.entries(ALL_SCHEMAS))('%s: covers every constraint once and breaks no second keyword', (_name, schema) => {
    const cases = invalidCases(schema);
    expect(cases.map((c) => `${c.path.join('/')}:${c.keyword}`).sort()).toEqual([...new Set(constraintKeys(schema))].sort());
    // Unavoidable pairs only: a wrong type of an enum/const value; a length outside a pattern that fixes the length.
    const unavoidable = ['type>enum', 'type>const', 'minLength>pattern', 'maxLength>pattern'];
    for (const c of cases) for (const k of c.alsoBreaks) expect(unavoidable, c.description).toContain(`${c.keyword}>${k}`);
    expect(cases.filter((c) => c.alsoBreaks.length > 0).map((c) => `${c.path.join('.')}:${c.keyword}`)).toEqual(
      schema === ALL_SCHEMAS.EdgeCases
        ? ['code:minLength', 'code:maxLength', 'tags.0:type']
        : cases.filter((c) => c.keyword === 'type' && schemaAt(schema, c.path).schema.enum !== undefined).map((c) => `${c.path.join('.')}:type`),
    );
  });

  it('is deterministic', () => {
    const base = fc.sample(validArbitrary(SendMessageCall), { seed: SEED, numRuns: 1 })[0];
    const once = invalidCases(SendMessageCall).map((c) => [c.description, c.mutate(base)]);
    const twice = invalidCases(SendMessageCall).map((c) => [c.description, c.mutate(base)]);
    expect(twice).toEqual(once);
  });

  it('has the cases the contract needs, with their requirements', () => {
    const send = invalidCases(SendMessageCall);
    const tooLong = find(send, 'body.message', 'maxLength');
    expect(tooLong?.description).toBe('message of 1601 characters (max 1600)');
    expect(tooLong?.requirement).toBe('MSG-SEND-MESSAGE-MAX');
    expect([...(tooLong?.mutate({ body: { to: '+15', from: 'x', message: '' } }) as { body: { message: string } }).body.message]).toHaveLength(1601);
    expect(find(send, 'body.to', 'format')?.requirement).toBe('MSG-SEND-TO-E164');
    expect(find(send, 'body.to', 'required')?.requirement).toBe('MSG-SEND-TO-REQUIRED');
    expect(find(send, 'headers.Idempotency-Key', 'maxLength')?.description).toContain('256 characters');

    const list = invalidCases(ListQuery);
    expect(find(list, 'limit', 'minimum')?.mutate({})).toEqual({ limit: 0 });
    expect(find(list, 'limit', 'maximum')?.mutate({ page: 2 })).toEqual({ page: 2, limit: 101 });
    expect(find(list, 'limit', 'maximum')?.requirement).toBe('MSG-LIST-LIMIT-MAX');
    expect(find(list, 'page', 'minimum')?.mutate({ limit: 5 })).toEqual({ limit: 5, page: 0 });

    const hooks = invalidCases(WebhookInput);
    const base = { url: 'https://hooks.example/x', events: ['message.sent', 'message.failed'] };
    expect(find(hooks, 'events', 'minItems')?.mutate(base)).toEqual({ ...base, events: [] });
    expect(find(hooks, 'events', 'minItems')?.requirement).toBe('WH-EVENTS-MIN');
    const badItem = find(hooks, 'events.0', 'enum');
    expect(badItem?.requirement).toBe('WH-EVENTS-ENUM');
    expect(badItem?.mutate(base)).toEqual({ ...base, events: ['message.sent_invalid', 'message.failed'] });
    expect(find(hooks, 'url', 'format')?.mutate(base)).toEqual({ ...base, url: 'not a uri' });

    const webhook = invalidCases(Webhook);
    expect(find(webhook, 'id', 'format')?.description).toBe('id "not-a-uuid" not a valid uuid');
    expect(find(webhook, 'created_at', 'format')?.description).toContain('not a valid date-time');
  });

  it('leaves the base value untouched', () => {
    const base = { url: 'https://hooks.example/x', events: ['message.sent'] };
    for (const c of invalidCases(WebhookInput)) c.mutate(base);
    expect(base).toEqual({ url: 'https://hooks.example/x', events: ['message.sent'] });
  });
});
