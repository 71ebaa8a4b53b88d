// Issue 34's acceptance (parts 2 and 3): a third-party simulator that is only partly right (its own field and list
// names, no `direction` on messages, 400 on the valid status=pending, 404 JSON on GET /v1/user/me, on every webhook
// route and on send-template), run with its dialect named. It fails only what it breaks; it blocks only what reads
// the missing field.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../suites/engine/index.js';
import { conform } from '../helpers/run-conform.js';
import { freePort } from '../support/free-port.js';
import { startPartialTarget } from '../support/partial-target.js';

const dialect = ['message=body', 'list=messages', 'pagination.has_more=hasMore', 'pagination.offset=offset'];
const conventions = ['--templates', 'examples/conventions/reference-templates.json', '--failing-recipient', '+15550009999'];

let dir: string;
let result: RunResult;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'partial-blame-'));
  const receiverPort = await freePort();
  const partial = await startPartialTarget({
    missing: [{ method: 'GET', path: '/v1/user/me' }, { path: '/v1/webhooks/**' }, { path: '/v1/messages/send-template' }],
    dialect: { fields: { message: 'body' }, listKey: 'messages', offsetPagination: { hasMore: 'hasMore' }, detailedErrors: true, dropped: ['direction'] },
    refusedQuery: { status: ['pending'] },
    reference: { mode: 'simulator', extra: { webhookUrl: `http://127.0.0.1:${receiverPort}/simulator-webhook-url` } },
  });
  try {
    const out = join(dir, 'run');
    const args = ['--target', partial.baseUrl, '--profile', 'simulator', '--receiver-port', String(receiverPort), ...conventions, '--seed', '7'];
    const run = await conform([...args, ...dialect.flatMap((entry) => ['--dialect', entry]), '--reporter', 'json', '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
  } finally {
    await partial.stop();
  }
}, 400_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What this target really breaks, each with why (the reference behind the proxy breaks nothing of its own). */
const broken: Readonly<Record<string, string>> = {
  'ERR-SUCCESS-2XX': 'send-template, every webhook route and GET /v1/user/me answer 404 to valid input',
  'USER-ME-CONNECTION': 'GET /v1/user/me answers 404',
  'MSG-FIELDS-REQUIRED': 'its messages carry no `direction`, and name `message` `body`',
  'MSG-SEND-SUCCESS-2XX': "a send with the spec's `message` is refused (it wants `body`)",
  'MSG-LIST-ENVELOPE': 'it lists under `messages`, not `data`',
  'PAGE-OBJECT-FIELDS': 'its pagination is {offset, limit, total, hasMore}',
  'MSG-LIST-FILTER-STATUS': 'it refuses the valid status=pending with 400',
};
/** The checks that read `direction` (blocked naming it): the direction filter, and views compared field by field. */
const readDirection = ['HISTORY-MESSAGE-FILTERS', 'HISTORY-MESSAGE-VIEWS-AGREE'];

describe('a partial target with its dialect named (issue 34)', () => {
  it('fails no requirement it does not break, and names the exchange that broke each', () => {
    const failed = result.requirements.filter((r) => r.status === 'failed');
    console.log(`failed requirements: ${failed.map((r) => r.id).join(', ')}; root causes: ${result.rootCauses.length}`);
    expect(failed.map((r) => r.id).filter((id) => broken[id] === undefined)).toEqual([]);
    for (const row of failed) expect(row.brokenBy?.length, row.id).toBeGreaterThan(0);
    const filter = result.requirements.find((r) => r.id === 'MSG-LIST-FILTER-STATUS');
    expect(filter).toMatchObject({ level: 'must', status: 'failed' });
    expect(filter?.brokenBy?.map((b) => b.exchange).join(' ')).toMatch(/^GET \/v1\/messages\?.*status=pending.* → 400/);
    expect(result.requirements.find((r) => r.id === 'ERR-READ-STATUS-200')?.status).not.toBe('failed');
  });

  it('blocks only what reads the missing field, and names it; the rest runs behind the wrong shape', () => {
    const blocked = result.checks.filter((c) => c.status === 'blocked');
    // blocked by an operation that answers valid input with a 2xx (not one the target lacks, nor one behind it)
    const byShape = blocked.filter((c) => result.checks.find((b) => b.id === c.blockedBy)?.accepted === true);
    console.log(`blocked: ${blocked.length}, of which by a shape: ${byShape.map((c) => c.id).join(', ')}`);
    expect(byShape.map((c) => c.id).sort()).toEqual(readDirection);
    for (const check of byShape) expect(check.reason, check.id).toMatch(/without a valid `direction`, which this check reads/);
    const ran = ['IDEM-SCENARIO-REPLAY-FREEFORM', 'IDEM-SCENARIO-CONCURRENT-FREEFORM', 'PAGINATION-SCENARIO-DEFAULTS', 'ROUND-TRIP-VALUES'];
    for (const id of ran) expect(result.checks.find((c) => c.id === id)?.status, id).toBe('passed');
    // the gap fails its requirement once: a page of items without it folds under the baseline that found it
    expect(result.checks.find((c) => c.id === 'PAGINATION-SCENARIO-PAGE-SELECTS')).toMatchObject({
      status: 'failed',
      foldedInto: expect.stringMatching(/-POSITIVE$/),
    });
  });
});
