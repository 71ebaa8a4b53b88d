// Decision 31: a target that names a message's id `message_id` everywhere (answers, lists and the data of its
// events: the reference's fault message-id-renamed), run as a user would, without and with the --dialect it suggests.
import { describe, expect, it } from 'vitest';
import { loadRegistry, runConformance } from '../../suites/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { suggestedDialect } from '../../suites/engine/suggested-dialect.js';
import { fromTargetPayload, parseDialect, referenceTarget } from '../../targets/index.js';
import type { Dialect } from '../../targets/index.js';

// the checks that read the payload's names, and checks that match deliveries to their message by data.id
const ids = [
  'DIALECT-ANSWER-NAMES',
  'DIALECT-PAYLOAD-NAMES',
  'DIALECT-DECIDED-PAYLOAD-NAMES',
  'SIGNATURE-HMAC-VERIFIES',
  'LIFECYCLE-SUBSCRIBED-ONLY',
  'LIFECYCLE-EVENTS-IN-ORDER',
];

async function run(faults: string[], dialect: Dialect | undefined): Promise<RunResult> {
  const target = referenceTarget({ faults, ...(dialect === undefined ? {} : { conventions: { dialect } }) });
  return runConformance({ target, registry: await loadRegistry(), selection: { ids }, seed: 7 });
}

const statusOf = (result: RunResult, id: string): string | undefined => result.checks.find((check) => check.id === id)?.status;
const failing = (result: RunResult): string[] =>
  result.checks.filter((check) => check.status === 'failed' || check.status === 'errored').map((check) => check.id);
const dialect = parseDialect(['id=message_id'], '--dialect') as Dialect;

describe('a name the target gives everywhere, payloads included (decision 31)', () => {
  it('without --dialect: the checks behind the name do not run, and the run names the --dialect that would run them', async () => {
    const result = await run(['message-id-renamed'], undefined);
    expect(result.dialectHint).toEqual(['id=message_id']);
    expect(statusOf(result, 'DIALECT-PAYLOAD-NAMES')).toBe('skipped');
    expect(statusOf(result, 'SIGNATURE-HMAC-VERIFIES')).not.toBe('passed');
  }, 30_000);

  it('with it: everything behind the name passes, and the name fails once in answers and once in payloads', async () => {
    const result = await run(['message-id-renamed'], dialect);
    expect(failing(result).sort()).toEqual(['DIALECT-ANSWER-NAMES', 'DIALECT-PAYLOAD-NAMES']);
    const payload = result.checks.find((check) => check.id === 'DIALECT-PAYLOAD-NAMES');
    expect(payload?.violated).toEqual(['EVT-DELIVERED-ID']);
    expect(payload?.reason).toMatch(/carries `message_id` where spec §6 names `id` in data/);
    for (const id of ['SIGNATURE-HMAC-VERIFIES', 'LIFECYCLE-SUBSCRIBED-ONLY', 'LIFECYCLE-EVENTS-IN-ORDER']) expect(statusOf(result, id), id).toBe('passed');
    // a dialect for `id` alone leaves the other Message fields nothing to judge
    expect(statusOf(result, 'DIALECT-DECIDED-PAYLOAD-NAMES')).toBe('skipped');
    expect(result.dialectHint).toBeUndefined();
  }, 30_000);

  it('the clean reference under the same dialect: the payload check sees the spec name and passes', async () => {
    const result = await run([], dialect);
    expect(failing(result)).toEqual([]);
    expect(statusOf(result, 'DIALECT-PAYLOAD-NAMES')).toBe('passed');
  }, 30_000);

  it('reads only data, only the names given everywhere, and keeps what it does not rename', () => {
    const both = parseDialect(['id=message_id', 'sendMessage.message=body'], '--dialect') as Dialect;
    const payload = { event: 'message.delivered', data: { message_id: 'm1', body: 'hi' }, message_id: 'outside' };
    expect(fromTargetPayload(both, payload)).toEqual({ event: 'message.delivered', data: { id: 'm1', body: 'hi' }, message_id: 'outside' });
    const spec = { event: 'message.delivered', data: { id: 'm1' } };
    expect(fromTargetPayload(both, spec)).toBe(spec);
    expect(fromTargetPayload(both, 'text')).toBe('text');
  });

  it('suggests what --dialect takes: a field, the list key, pagination names; each once', () => {
    const row = (operationId: string, renamed: { at: string; spec: string; target: string }[]) =>
      ({ operationId, method: 'GET', path: '/', state: 'wrong-shape', renamed: renamed.map((r) => ({ ...r, source: 'spec §2.1' })) }) as const;
    const operations = [
      row('listMessages', [
        { at: '', spec: 'data', target: 'messages' },
        { at: '/pagination', spec: 'has_more', target: 'hasMore' },
        { at: '/pagination', spec: 'page', target: 'offset' },
        { at: '/data/*', spec: 'id', target: 'message_id' },
      ]),
      row('getMessage', [
        { at: '', spec: 'id', target: 'message_id' },
        { at: '', spec: 'status', target: 'state of it' },
      ]),
    ];
    expect(suggestedDialect(operations)).toEqual(['list=messages', 'pagination.has_more=hasMore', 'pagination.offset=offset', 'id=message_id']);
  });
});
