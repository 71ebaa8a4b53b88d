import { describe, expect, it } from 'vitest';
import { invalidCases, nearMisses, type JsonSchema } from '../../suites/arbitraries/index.js';
import { negativeCases } from '../../suites/contract/negative-cases.js';
import { operationById } from '../../spec/index.js';

const valuesOf = (schema: Parameters<typeof nearMisses>[0], keyword: Parameters<typeof nearMisses>[1], valid: unknown, related: unknown[][] = []) =>
  nearMisses(schema, keyword, { relatedEnums: related }).map((miss) => miss.from(valid));

describe('near-misses of a constraint (issue 23)', () => {
  it('an enum gets a prefix, a suffix, case variants, a padded member and values of related enums', () => {
    const status: JsonSchema = { type: 'string', enum: ['queued', 'pending', 'sent', 'delivered', 'failed'] };
    expect(valuesOf(status, 'enum', 'delivered', [['inbound', 'outbound']])).toEqual([
      'delive',
      'delivered_',
      'DELIVERED',
      'Delivered',
      'delivered ',
      'inbound',
      'outbound',
    ]);
  });

  it('an enum takes values of an overlapping enum first: test.webhook.sent for a subscription', () => {
    const events = { type: 'string' as const, enum: ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'] };
    const values = valuesOf(events, 'enum', 'message.status.updated', [['queued'], [...events.enum, 'test.webhook.sent']]);
    expect(values[0]).toBe('message.status');
    expect(values.slice(-2)).toEqual(['test.webhook.sent', 'queued']);
  });

  it('an E.164 number gets the spellings people type, made from the valid number', () => {
    expect(valuesOf({ type: 'string', format: 'e164' }, 'format', '+14155550100')).toEqual([
      '+1 415 555 0100',
      '+1-415-555-0100',
      '+1(415)555-0100',
      '0014155550100',
      '14155550100',
      '+١٤١٥٥٥٥٠١٠٠',
      '+14155550100 ',
    ]);
  });

  it('a UUID gets lenient spellings of the same id', () => {
    const id = '123e4567-e89b-42d3-a456-426614174000';
    expect(valuesOf({ type: 'string', format: 'uuid' }, 'format', id)).toEqual([id.replaceAll('-', ''), `{${id}}`, id.slice(0, -1)]);
  });

  it('bounds: one past a maximum length in astral characters, a negative minimum, a maximum that wraps 32 bits', () => {
    const [over] = valuesOf({ type: 'string', maxLength: 3 }, 'maxLength', 'abc');
    expect([...(over as string)]).toHaveLength(4);
    expect((over as string).length).toBeGreaterThan(4);
    expect(valuesOf({ type: 'integer', minimum: 1 }, 'minimum', 5)).toEqual([-1]);
    expect(valuesOf({ type: 'integer', maximum: 100 }, 'maximum', 5)).toEqual([2 ** 32 + 100]);
  });

  it('invalidCases applies each near-miss to the value in the request, and keeps only those that break the keyword', () => {
    const schema: JsonSchema = { type: 'object', properties: { to: { type: 'string', format: 'e164' } } };
    const [kase] = invalidCases(schema).filter((c) => c.keyword === 'format');
    expect(kase?.nearMisses.map((miss) => miss.mutate({ to: '+442071838750' }))).toContainEqual({ to: '+4 420 718 38750' });
    // a value the base does not hold validly falls back to the near-miss of the example number
    expect(kase?.nearMisses[0]?.mutate({ to: 'x' })).toEqual({ to: '+1 415 555 0100' });
  });

  it('every contract constraint with near-misses gets them with no code of its own: status filter, send to, events, webhook ids', () => {
    const labels = (op: string, words: string) =>
      negativeCases(operationById(op))
        .find((kase) => kase.words === words)
        ?.nearMisses.map((miss) => miss.label) ?? [];
    expect(labels('listMessages', 'QUERY-STATUS-ENUM').join('\n')).toMatch(/"PENDING"[\s\S]*"inbound"/);
    expect(labels('sendMessage', 'BODY-TO-FORMAT').join('\n')).toContain('+1(415)555-0100');
    expect(labels('createWebhook', 'BODY-EVENTS-ITEM-ENUM').join('\n')).toContain('test.webhook.sent');
    expect(labels('deleteWebhook', 'PATH-ID-FORMAT')).toHaveLength(3);
    // a header carries visible ASCII only: astral characters would reach the target as other letters
    expect(labels('sendMessage', 'HEADER-IDEMPOTENCY-KEY-MAXLENGTH')).toEqual([]);
  });
});
