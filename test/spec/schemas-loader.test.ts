import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ContractError, operationById, operations, schemas, validate, validator } from '../../spec/index.js';

const specDir = fileURLToPath(new URL('../../spec/', import.meta.url));

/** The relative imports of a module and of everything it imports, transitively. */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/from '([^']+)'|require\("([^"]+)"\)/g)) {
    const target = String(match[1] ?? match[2]);
    // a module of the checkout is TypeScript, but for the generated JavaScript (spec/generated/validators.js)
    const local = join(dirname(file), target);
    if (target.startsWith('.')) importGraph(existsSync(local) ? local : local.replace(/\.js$/, '.ts'), seen);
    else seen.add(target);
  }
  return seen;
}

describe('spec/index.ts (the loader)', () => {
  it('reads spec/generated only: no YAML parser, no swagger-parser, no build code at runtime', () => {
    const graph = [...importGraph(join(specDir, 'index.ts'))];
    expect(graph.filter((item) => /yaml|swagger-parser|json-schema-to-typescript|\/build\//.test(item))).toEqual([]);
    expect(readFileSync(join(specDir, 'contract-ajv.ts'), 'utf8')).toContain("require('ajv/dist/2020.js')");
  });

  it('lists the 12 operations with method, path, section, success status and requirements', () => {
    expect(operations.map((operation) => operation.id)).toHaveLength(12);
    expect(operationById('deleteWebhook')).toMatchObject({
      method: 'DELETE',
      path: '/v1/webhooks/{id}',
      section: '4.2',
      successStatus: 204,
      authHeader: 'x-api-key',
      requirements: { response: 'WH-DELETE-NO-BODY', notFound: 'WH-UNKNOWN-404' },
    });
    expect(operationById('deleteWebhook').responses['204']).toEqual({ status: 204, description: expect.any(String), assumed: true });
    expect(operationById('createWebhook').successStatus).toBe(201);
    expect(operationById('getMessage').successStatus).toBe(200);
  });

  it('resolves the schemas of parameters, bodies and responses', () => {
    const send = operationById('sendMessage');
    expect(send.requestBodySchema).toBe(schemas['sendMessage.body']);
    expect(send.requestBodyRequired).toBe(true);
    expect(send.parameters).toEqual([
      expect.objectContaining({
        name: 'idempotency-key',
        in: 'header',
        required: false,
        requirements: { minLength: 'IDEM-KEY-LENGTH', maxLength: 'IDEM-KEY-LENGTH' },
      }),
    ]);
    expect(send.schemaNames).toEqual({ headers: 'sendMessage.headers', body: 'sendMessage.body' });
    expect(send.responses['402']).toMatchObject({ assumed: false, schemaName: 'sendMessage.response.402' });
    expect(send.responses['429']?.headersSchemaName).toBe('sendMessage.response.429.headers');
    const list = operationById('listMessages');
    expect(list.requestBodySchema).toBeUndefined();
    expect(list.parameters.map((parameter) => parameter.name)).toEqual(['page', 'limit', 'status', 'direction']);
    expect(operationById('listWebhookDeliveries').schemaNames).toEqual({ path: 'listWebhookDeliveries.path', query: 'listWebhookDeliveries.query' });
  });

  it('throws ContractError with a stable code for an unknown operation or schema', () => {
    expect(() => operationById('sendFax')).toThrow(expect.objectContaining({ code: 'UNKNOWN_OPERATION' }));
    expect(() => validate('Fax', {})).toThrow(ContractError);
    expect(() => validator('Fax')).toThrow(/Unknown schema 'Fax'.*Message/);
  });

  it('compiles each validator once and reports every issue with its requirement', () => {
    expect(validator('Message')).toBe(validator('Message'));
    const result = validate('SendMessageRequest', { to: 'x', message: 'y'.repeat(1601) });
    expect(result.errors).toEqual([
      "/from required: must have required property 'from' [MSG-SEND-FROM-REQUIRED]",
      '/message maxLength: must NOT have more than 1600 characters [MSG-SEND-MESSAGE-MAX]',
      '/to format: must match format "e164" [MSG-SEND-TO-E164]',
    ]);
  });

  it('marks issues inside x-assumed schemas (DESIGN §4 decisions) as assumed, and the spec rules not', () => {
    const list = { data: [], pagination: { page: 0, limit: 20, total: 0, has_more: false } };
    expect(validate('MessageList', list).issues).toEqual([expect.objectContaining({ path: '/pagination/page', assumed: true })]);
    expect(validate('MessageList', { data: [] }).issues).toEqual([
      expect.objectContaining({ path: '/pagination', keyword: 'required', requirement: 'MSG-LIST-ENVELOPE', assumed: false }),
    ]);
    expect(validate('listWebhookDeliveries.query', { limit: 101 }).errors).toEqual(['/limit maximum: must be <= 100 [DLV-LIMIT-MAX, assumed]']);
    expect(validate('listMessages.query', { limit: 101 }).issues[0]?.assumed).toBe(false);
    expect(validate('ErrorBody', {}).issues.every((issue) => issue.assumed)).toBe(true);
  });

  it('compiles every schema under strict ajv', () => {
    for (const name of Object.keys(schemas)) expect(() => validator(name), name).not.toThrow();
  });
});
