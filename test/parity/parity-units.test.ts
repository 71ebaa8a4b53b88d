import { describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { defaultParityRules, parityHtml, parityMarkdown, parityRules } from '../../parity/index.js';
import type { ParityResult } from '../../parity/index.js';
import { exchangeGroups } from '../../parity/exchange-groups.js';
import { pathTemplate, requestKey } from '../../parity/request-key.js';
import { compareShapes, mergeShapes, shapeOf } from '../../parity/shape.js';
import { compareDeliveries, summarizeDeliveries } from '../../parity/deliveries.js';
import type { Delivery } from '../../receiver/index.js';
import { profileFor, referenceTarget, urlTarget } from '../../targets/index.js';
import type { Exchange } from '../../targets/index.js';
import { rerunCommand, sideCommand, withKeyVariables } from '../../parity/reproduce-command.js';
import { specVerdict } from '../../parity/spec-verdict.js';

const exchange = (id: number, method: string, url: string, status: number, json?: unknown): Exchange => ({
  id,
  request: { method, url, headers: {}, keyRole: 'growth' },
  status,
  headers: { 'content-type': 'application/json' },
  bodyText: json === undefined ? '' : JSON.stringify(json),
  ...(json === undefined ? {} : { json }),
  durationMs: 1,
});

describe('parity shapes', () => {
  it('finds a missing field and a changed type, and tolerates optional fields and empty arrays', () => {
    const a = shapeOf({ id: 'x', created_at: '2026-01-01T00:00:00Z', data: [{ n: 1 }] });
    const b = shapeOf({ id: 'y', created_at: 1767225600000, data: [] });
    expect(compareShapes(a, b)).toEqual(['$.created_at: A string:date-time, B number']);
    const c = shapeOf({ id: 'z', data: [{ n: 2 }] });
    expect(compareShapes(a, c)).toEqual(['$.created_at: A has it, B does not']);
    expect(compareShapes(a, c, new Set(['created_at']))).toEqual([]);
    // a field seen in some list items only is optional: its absence on the other side is timing, not behaviour
    const list = mergeShapes(shapeOf({ id: 'a', platform_message_id: 'p' }), shapeOf({ id: 'b' }));
    expect(compareShapes(list, shapeOf({ id: 'c' }))).toEqual([]);
  });

  it('tolerates a value null in some answers of one side only, and still finds one null where the other side never is', () => {
    // CI at 2f74885: A's delivery log listed a closed attempt (status_code null, spec §6), B's listings came before its one
    const closed = mergeShapes(shapeOf([{ status_code: 200 }]), shapeOf([{ status_code: null }]));
    expect(compareShapes(closed, shapeOf([{ status_code: 500 }]))).toEqual([]);
    expect(compareShapes(shapeOf([{ status_code: 500 }]), closed)).toEqual([]);
    // always null against never null, or null beside another type than the other side's, is a difference
    expect(compareShapes(shapeOf([{ status_code: null }]), shapeOf([{ status_code: 200 }]))).toEqual(['$[].status_code: A null, B number']);
    const nullOrText = mergeShapes(shapeOf([{ status_code: 'ok' }]), shapeOf([{ status_code: null }]));
    expect(compareShapes(nullOrText, shapeOf([{ status_code: 200 }]))).toEqual(['$[].status_code: A null|string, B number']);
  });
});

describe('parity deliveries', () => {
  let seq = 0;
  const delivery = (data: Record<string, unknown>): Delivery => {
    const json = { event: 'message.status.updated', data };
    seq += 1;
    const headers = { 'service-delivery-id': `d${seq}` };
    return { seq, path: '/w', headers, json, event: json.event } as unknown as Delivery;
  };

  it('compares message payloads per reported status: a run that ended before "sent" is not a difference', () => {
    // seed 40595 in CI: A's only update was "sending" (no platform id yet), B's was "sent" (spec §1: the id comes from the platform)
    const a = summarizeDeliveries([delivery({ id: 'm', status: 'sending' })]);
    const b = summarizeDeliveries([delivery({ id: 'm', status: 'sent', platform_message_id: 'p' })]);
    expect(compareDeliveries(a, b)).toEqual([]);
    // at the same status a missing field is still found
    const c = summarizeDeliveries([delivery({ id: 'm', status: 'sent' })]);
    expect(compareDeliveries(c, b)).toEqual(['payload of message.status.updated (status sent): $.data.platform_message_id: B has it, A does not']);
  });
});

describe('parity request keys and groups', () => {
  it('templates ids out of paths and folds polls and poll cycles', () => {
    expect(pathTemplate('/v1/webhooks/3f1c2a9e-0000-4000-8000-000000000001/test', defaultParityRules)).toBe('/v1/webhooks/{id}/test');
    expect(pathTemplate('/v1/messages/send-template', defaultParityRules)).toBe('/v1/messages/send-template');
    const base = 'http://127.0.0.1:1';
    const send = exchange(1, 'POST', `${base}/v1/messages`, 201, { id: 'm1' });
    const poll = (id: number): Exchange => exchange(id, 'GET', `${base}/v1/messages/m1`, 200, { id: 'm1' });
    const list = (id: number): Exchange => exchange(id, 'GET', `${base}/v1/messages?limit=5`, 200, { data: [] });
    const short = exchangeGroups([send, poll(2), list(3)], 0, defaultParityRules);
    const long = exchangeGroups([send, poll(2), list(3), poll(4), list(5), poll(6), list(7)], 0, defaultParityRules);
    expect(long.map((g) => g.key)).toEqual(short.map((g) => g.key));
    expect(long[1]?.exchanges).toHaveLength(3);
    expect(requestKey(list(3), defaultParityRules)).toBe('GET /v1/messages?limit [key growth] no body');
  });

  it('refuses an unknown rule', () => {
    expect(() => parityRules({ nope: [] } as never)).toThrow(/Unknown parity rule "nope"/);
  });
});

describe('parity re-run commands and verdicts', () => {
  const url = (keys: Record<string, string>) => urlTarget('http://127.0.0.1:4999', profileFor('simulator'), keys, { name: 'x' });

  it("hands B's own keys over through the environment, A's stay where conform reads them, and no key is written", () => {
    const a = url({ growth: 'key-of-a-123456' });
    const b = url({ growth: 'key-of-b-123456', starter: 'starter-b-123456' });
    const side = sideCommand('b', 'http://127.0.0.1:4999', b, a, ['--templates', 'my-templates.json']);
    const command = rerunCommand(side, ['C-1'], 7, 5);
    expect(command).toBe(
      'CONFORM_API_KEY="$CONFORM_COMPARE_API_KEY" CONFORM_STARTER_API_KEY="$CONFORM_COMPARE_STARTER_API_KEY" npm run conform -- --target http://127.0.0.1:4999 --profile simulator --templates my-templates.json --check C-1 --seed 7 --runs 5',
    );
    expect(withKeyVariables('curl -H "x-api-key: $CONFORM_API_KEY" -H "x-api-key: $CONFORM_STARTER_API_KEY"', side)).toBe(
      'curl -H "x-api-key: $CONFORM_COMPARE_API_KEY" -H "x-api-key: $CONFORM_COMPARE_STARTER_API_KEY"',
    );
    // B with A's keys (two deployments of one account): the same variables as A, nothing to hand over
    const shared = sideCommand('b', 'http://127.0.0.1:4999', url({ growth: 'key-of-a-123456' }), a);
    expect(shared.env).toEqual([]);
    expect(shared.keyVariables).toEqual({ growth: 'CONFORM_API_KEY' });
    expect(sideCommand('a', 'reference+fault:x', referenceTarget(), b).flags).toEqual(['--target', 'reference+fault:x']);
    expect(command).not.toContain('123456');
  });

  it('names the side that breaks a requirement, with its section and level', () => {
    const passed = { status: 'passed' as const, requirements: ['MSG-LIST-ENVELOPE'] };
    const failed = { status: 'failed' as const, requirements: ['MSG-LIST-ENVELOPE', 'ERR-NO-5XX'], violated: ['ERR-NO-5XX'] };
    const verdict = specVerdict('must', passed, failed);
    expect(verdict).toMatchObject({ verdict: 'b-breaks', decidedBy: 'spec', breaks: [{ id: 'ERR-NO-5XX', section: '7', level: 'must' }] });
    expect(verdict.why).toBe('B breaks ERR-NO-5XX (spec §7, must) (the must check passed on A)');
    expect(specVerdict('must', failed, { status: 'skipped', requirements: [] }).verdict).toBe('a-breaks');
    expect(specVerdict('must', passed, { status: 'blocked', requirements: [] }).verdict).toBe('not-decided');
  });
});

describe('parity reports and CLI flags', () => {
  const result: ParityResult = {
    a: {
      spec: 'reference',
      name: 'reference',
      profile: 'reference',
      baseUrl: 'http://127.0.0.1:1',
      verdict: 'conforms',
      statuses: { passed: 1, failed: 0, errored: 0, blocked: 0, noted: 0, skipped: 0 },
    },
    b: {
      spec: 'reference+fault:x',
      name: 'reference',
      profile: 'reference',
      baseUrl: 'http://127.0.0.1:2',
      verdict: 'does-not-conform',
      statuses: { passed: 0, failed: 1, errored: 0, blocked: 0, noted: 0, skipped: 0 },
    },
    seed: 1,
    runs: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 10,
    rows: [
      {
        area: 'contract/messages',
        check: { id: 'C-1', title: 't', level: 'must', requirements: ['MSG-SEND-MESSAGE-MAX'] },
        kind: 'exchange',
        behaviour: '#1 POST /v1/messages <script>',
        a: '400 application/json error=validation_error',
        b: '201 application/json | pipe',
        compared: true,
        same: false,
        details: ['answers differ'],
        spec: { verdict: 'b-breaks', why: 'the must check passed on A and failed on B' },
        reproduction: { a: "curl -X POST 'http://127.0.0.1:1/v1/messages'", b: "curl -X POST 'http://127.0.0.1:2/v1/messages'" },
      },
    ],
    score: { matching: 0, compared: 1, percent: 0 },
    differences: { total: 1, expectedOfSimulator: 0, unexpected: 1 },
    folded: { operations: 0, rows: 0 },
    keyVariables: { a: {}, b: {} },
    accepted: [
      {
        operationId: 'sendMessage',
        method: 'POST',
        path: '/v1/messages',
        a: { request: 'POST /v1/messages {"message":"hi"}', answer: '201 {"message":"hi"}' },
        b: { request: 'POST /v1/messages {"body":"hi"}', answer: '201 {"body":"hi"}' },
        names: ['request: A message, B body', 'answer: A message, B body'],
      },
    ],
  };

  it('renders Markdown and HTML with the verdict, both answers and both reproductions, escaped', () => {
    const md = parityMarkdown(result);
    expect(md).toContain('Spec: B breaks it, A conforms.');
    expect(md).toContain('201 application/json \\| pipe');
    expect(md).toContain("curl -X POST 'http://127.0.0.1:2/v1/messages'");
    const html = parityHtml(result);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Reproduce on B');
    // A's accepted request and answer beside B's, per operation, with the names they differ in
    expect(md).toContain('## Accepted requests and answers, per operation');
    expect(md).toContain(
      '| `sendMessage` | `POST /v1/messages {"message":"hi"}` → `201 {"message":"hi"}` | `POST /v1/messages {"body":"hi"}` → `201 {"body":"hi"}` |',
    );
    expect(md).toContain('request: A message, B body; answer: A message, B body');
    expect(html).toContain('Accepted requests and answers, per operation');
  });

  it('parses --compare and --parity-rules', () => {
    const args = parseConformArgs(['--target', 'reference', '--compare', 'reference:simulator', '--parity-rules', 'r.json']);
    expect(args.compare).toBe('reference:simulator');
    expect(args.parityRules).toBe('r.json');
  });
});
