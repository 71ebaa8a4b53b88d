import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContractDocument, openapiPath } from '../../spec/build/contract-document.js';
import { objectAt, type JsonObject } from '../../spec/build/json-object.js';

// The 12 operations of spec §4 and the success status DESIGN §4 decides for each.
const expectedOperations = [
  ['GET', '/v1/messages', 'listMessages', 200],
  ['POST', '/v1/messages', 'sendMessage', 201],
  ['POST', '/v1/messages/send-template', 'sendTemplateMessage', 201],
  ['GET', '/v1/messages/{message_id}', 'getMessage', 200],
  ['GET', '/v1/webhooks', 'listWebhooks', 200],
  ['POST', '/v1/webhooks', 'createWebhook', 201],
  ['PUT', '/v1/webhooks/{id}', 'updateWebhook', 200],
  ['DELETE', '/v1/webhooks/{id}', 'deleteWebhook', 204],
  ['POST', '/v1/webhooks/{id}/rotate-secret', 'rotateWebhookSecret', 200],
  ['POST', '/v1/webhooks/{id}/test', 'testWebhook', 200],
  ['GET', '/v1/webhooks/{id}/deliveries', 'listWebhookDeliveries', 200],
  ['GET', '/v1/user/me', 'getCurrentUser', 200],
] as const;

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let raw: JsonObject;
let dereferenced: JsonObject;
beforeAll(async () => {
  ({ raw, dereferenced } = await loadContractDocument());
});

function operationsOf(document: JsonObject): { method: string; path: string; operation: JsonObject }[] {
  return Object.entries(objectAt(document, 'paths')).flatMap(([path, item]) =>
    Object.keys(item as JsonObject)
      .filter((key) => httpMethods.includes(key))
      .map((method) => ({ method: method.toUpperCase(), path, operation: objectAt(item, method) })),
  );
}

function schemaAt(document: JsonObject, ...keys: string[]): JsonObject {
  return keys.reduce<JsonObject>((node, key) => objectAt(node, key), document);
}

describe('spec/openapi.yaml', () => {
  it('is an OpenAPI 3.1 document that swagger-parser validates', () => {
    expect(raw.openapi).toBe('3.1.0');
    expect(dereferenced.paths).toBeDefined();
  });

  it('is rejected by the same validation when broken (the check can fail)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const broken = (await readFile(openapiPath, 'utf8')).replace('operationId: getMessage', 'operationId: listMessages');
      await writeFile(join(dir, 'openapi.yaml'), broken);
      await expect(loadContractDocument(join(dir, 'openapi.yaml'))).rejects.toThrow(/listMessages/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has exactly the 12 operations of the spec and nothing else under /v1', () => {
    const actual = operationsOf(raw).map(({ method, path, operation }) => [method, path, operation.operationId]);
    expect(actual.sort()).toEqual(expectedOperations.map(([method, path, id]) => [method, path, id]).sort());
    expect(Object.keys(objectAt(raw, 'paths')).every((path) => path.startsWith('/v1/'))).toBe(true);
  });

  it('answers the DESIGN §4 success status, marked x-assumed, and 204 DELETE has no body', () => {
    for (const [method, path, , status] of expectedOperations) {
      const responses = schemaAt(raw, 'paths', path, method.toLowerCase(), 'responses');
      const success = Object.keys(responses).filter((code) => code.startsWith('2'));
      expect(success, `${method} ${path}`).toEqual([String(status)]);
      expect(objectAt(responses, String(status))['x-assumed'], `${method} ${path}`).toBe(true);
    }
    expect(schemaAt(raw, 'paths', '/v1/webhooks/{id}', 'delete', 'responses', '204').content).toBeUndefined();
  });

  it('declares the server {base_url} and the x-api-key security scheme (spec §5, §9)', () => {
    expect((raw.servers as JsonObject[])[0]?.url).toBe('{base_url}');
    expect(schemaAt(raw, 'components', 'securitySchemes', 'apiKey')).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(raw.security).toEqual([{ apiKey: [] }]);
  });

  it('documents error responses with ErrorBody, and Retry-After on every 429', () => {
    for (const { method, path, operation } of operationsOf(dereferenced)) {
      for (const [status, response] of Object.entries(objectAt(operation, 'responses'))) {
        if (Number(status) < 400) continue;
        const schema = schemaAt(response as JsonObject, 'content', 'application/json', 'schema');
        expect(schema.required, `${method} ${path} ${status}`).toEqual(['success', 'error', 'message', 'timestamp']);
        if (status === '429') expect(objectAt(objectAt(response, 'headers'), 'Retry-After').required).toBe(true);
      }
      expect(Object.keys(objectAt(operation, 'responses')), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '429']));
    }
    expect(Object.keys(schemaAt(raw, 'paths', '/v1/messages', 'post', 'responses'))).toEqual(expect.arrayContaining(['400', '402', '409', '422']));
  });

  it('carries x-spec-section and x-requirements on every operation, x-spec-section on every component', () => {
    for (const { method, path, operation } of operationsOf(raw)) {
      expect(operation['x-spec-section'], `${method} ${path}`).toMatch(/^\d+(\.\d+)*$/);
      expect(Object.keys(objectAt(operation, 'x-requirements')), `${method} ${path}`).toContain('response');
    }
    const components = objectAt(raw, 'components');
    for (const kind of ['schemas', 'responses', 'parameters']) {
      for (const [name, component] of Object.entries(objectAt(components, kind))) {
        expect((component as JsonObject)['x-spec-section'], `${kind}/${name}`).toMatch(/^\d+(\.\d+)*$/);
      }
    }
  });

  it('has the components others code against', () => {
    const names = Object.keys(schemaAt(raw, 'components', 'schemas'));
    expect(names).toEqual(
      expect.arrayContaining([
        'Message',
        'Pagination',
        'MessageList',
        'SendMessageRequest',
        'SendTemplateRequest',
        'WebhookInput',
        'Webhook',
        'WebhookWithSecret',
        'DeliveryRecord',
        'DeliveryList',
        'WebhookTestResult',
        'ErrorBody',
        'User',
        'MessageSentPayload',
        'MessageDeliveredPayload',
        'MessageFailedPayload',
        'MessageStatusUpdatedPayload',
        'MessageReceivedPayload',
        'TestWebhookPayload',
        'WebhookPayload',
      ]),
    );
  });

  it('states every limit of spec §8 as a schema constraint', () => {
    const schemas = schemaAt(dereferenced, 'components', 'schemas');
    const parameter = (path: string, method: string, name: string): JsonObject => {
      const list = schemaAt(dereferenced, 'paths', path, method).parameters as JsonObject[];
      return objectAt(
        list.find((item) => item.name === name),
        'schema',
      );
    };
    expect(schemaAt(schemas, 'SendMessageRequest', 'properties', 'message').maxLength).toBe(1600);
    for (const path of ['/v1/messages', '/v1/messages/send-template']) {
      expect(parameter(path, 'post', 'Idempotency-Key')).toMatchObject({ minLength: 1, maxLength: 255 });
    }
    expect(parameter('/v1/messages', 'get', 'limit')).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(parameter('/v1/messages', 'get', 'page')).toMatchObject({ minimum: 1, default: 1 });
    expect(parameter('/v1/webhooks/{id}/deliveries', 'get', 'page')).toMatchObject({ minimum: 1, default: 1 });
    expect(parameter('/v1/webhooks/{id}/deliveries', 'get', 'limit')).toMatchObject({ default: 50 });
    expect(schemaAt(schemas, 'WebhookInput', 'properties', 'events').minItems).toBe(1);
    expect(schemaAt(schemas, 'DeliveryRecord', 'properties', 'response_body').maxLength).toBe(1000);
    // The production rate (100/min/key) is behaviour, not shape: the 429 response and RATE-* requirements carry it.
  });
});
