import { afterEach, describe, expect, it } from 'vitest';
import { operationOfRequest } from '../../../suites/engine/operation-of-request.js';
import { dialectEntries, fromTargetAnswer, parseDialect } from '../../../targets/dialect.js';
import type { Dialect } from '../../../targets/dialect.js';
import { DialectStep } from '../../../targets/pipeline/dialect-step.js';
import { RecordingStep } from '../../../targets/pipeline/recording-step.js';
import { Redactor } from '../../../targets/redact.js';
import type { RequestOptions } from '../../../targets/request-options.js';
import { startStub } from '../stub-server.js';
import type { Stub, StubRequest } from '../stub-server.js';
import { newScope, stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

const dialect = parseDialect(
  ['message=body', 'listMessages.status=state', 'list=messages', 'pagination.has_more=hasMore', 'pagination.offset=offset'],
  '--dialect',
) as Dialect;

describe('parseDialect (--dialect, config key "dialect")', () => {
  it('reads fields (every operation or one), the list key and the pagination names, and prints them back', () => {
    expect(dialect).toEqual({
      fields: { '*': { message: 'body' }, listMessages: { status: 'state' } },
      listKey: 'messages',
      pagination: { has_more: 'hasMore' },
      pageOffset: 'offset',
    });
    expect(dialectEntries(dialect)).toEqual([
      'message=body',
      'listMessages.status=state',
      'list=messages',
      'pagination.has_more=hasMore',
      'pagination.offset=offset',
    ]);
    expect(parseDialect([], '--dialect')).toBeUndefined();
  });

  it('refuses what it cannot read, naming the flag and the form', () => {
    expect(() => parseDialect(['message'], '--dialect')).toThrow(/--dialect "message": not <spec name>=<target name>\. Give \[<operation>\.\]<field>=<name>/);
    expect(() => parseDialect(['sendMesage.message=body'], '--dialect')).toThrow(/sendMesage is no operation of the contract \(listMessages, sendMessage/);
    expect(() => parseDialect(['pagination.pages=p'], 'config key "dialect"')).toThrow(
      /config key "dialect" "pagination.pages=p": DESIGN\.md §4's pagination fields are page, limit, total, has_more/,
    );
    expect(() => parseDialect(['message=message'], '--dialect')).toThrow(/name a field and the different name/);
    // issue 34: the wrong way round names no field of the spec; it was taken silently and mapped nothing
    expect(() => parseDialect(['body=message'], '--dialect')).toThrow(/--dialect "body=message": body is no field name of the spec/);
    expect(() => parseDialect(['sendMessage.body=message'], '--dialect')).toThrow(/body is no field name of the spec/);
  });
});

describe('fromTargetAnswer', () => {
  it("reads a list back in the spec's names: envelope, items, pagination names, an offset as the page it starts", () => {
    const answer = { messages: [{ id: 'm1', body: 'hi' }], pagination: { offset: 14, limit: 7, total: 30, hasMore: true } };
    expect(fromTargetAnswer(dialect, 'listMessages', answer)).toEqual({
      data: [{ id: 'm1', message: 'hi' }],
      pagination: { limit: 7, total: 30, has_more: true, page: 3 },
    });
  });

  it('renames a field only where the spec name is absent, and leaves other operations and shapes alone', () => {
    expect(fromTargetAnswer(dialect, 'getMessage', { id: 'm1', body: 'hi' })).toEqual({ id: 'm1', message: 'hi' });
    expect(fromTargetAnswer(dialect, 'getMessage', { message: 'kept', body: 'other' })).toEqual({ message: 'kept', body: 'other' });
    expect(fromTargetAnswer(dialect, 'listWebhooks', [{ id: 'w1', body: 'x' }])).toEqual([{ id: 'w1', message: 'x' }]);
    expect(fromTargetAnswer(dialect, 'getMessage', 'text')).toBe('text');
  });
});

let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
});

/** The step as the client builds it: requests prepared as the step runner prepares them. */
function prepare(origin: string) {
  return (request: RequestOptions) => {
    const query = typeof request.query === 'object' ? `?${new URLSearchParams(request.query as Record<string, string>).toString()}` : '';
    const path = `${request.path}${query}`;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const record = {
      method: (request.method ?? 'GET').toUpperCase(),
      url: `${origin}${path}`,
      headers,
      keyRole: 'growth' as const,
      ...(body === undefined ? {} : { body }),
    };
    return { record, path, headers, ...(body === undefined ? {} : { body }) };
  };
}

describe('DialectStep (a real loopback server)', () => {
  it("sends the target's names, records what went on the wire and hands the answer back in the spec's names", async () => {
    const seen: StubRequest[] = [];
    stub = await startStub((req) => {
      seen.push(req);
      return [201, { id: 'm1', to: '+14155550123', body: 'hi' }];
    });
    const redactor = new Redactor();
    runner = stepRunner(stub.url, [new RecordingStep(redactor, 10), new DialectStep({ dialect, operationOf: operationOfRequest, prepare: prepare(stub.url) })]);
    const scope = newScope();
    const exchange = await runner.send({ method: 'POST', path: '/v1/messages', body: { to: '+14155550123', message: 'hi' } }, scope);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ to: '+14155550123', body: 'hi' });
    expect(exchange.json).toEqual({ id: 'm1', to: '+14155550123', message: 'hi' });
    // the reproduction is what the target got; the body text is what it said
    expect(scope.exchanges[0]?.request.body).toBe('{"to":"+14155550123","body":"hi"}');
    expect(exchange.bodyText).toContain('"body":"hi"');
  });

  it("renames an operation's query parameters, and sends a request with dialect: false as given", async () => {
    const seen: StubRequest[] = [];
    stub = await startStub((req) => {
      seen.push(req);
      return [200, { messages: [], pagination: { offset: 0, limit: 5, total: 0, hasMore: false } }];
    });
    runner = stepRunner(stub.url, [new DialectStep({ dialect, operationOf: operationOfRequest, prepare: prepare(stub.url) })]);
    const mapped = await runner.send({ method: 'GET', path: '/v1/messages', query: { status: 'sent', limit: 5 } });
    expect(seen[0]?.url).toBe('/v1/messages?state=sent&limit=5');
    expect(mapped.json).toEqual({ data: [], pagination: { limit: 5, total: 0, has_more: false, page: 1 } });
    const raw = await runner.send({ method: 'GET', path: '/v1/messages?status=sent', dialect: false });
    expect(seen[1]?.url).toBe('/v1/messages?status=sent');
    expect(raw.json).toEqual({ messages: [], pagination: { offset: 0, limit: 5, total: 0, hasMore: false } });
  });
});
