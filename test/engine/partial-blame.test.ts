// Issue 34's acceptance (parts 2 and 3): a third-party simulator that is only partly right (its own field and list
// names, no `direction` on messages, 400 on the valid status=pending, 404 JSON on GET /v1/user/me, on every webhook
// route and on send-template), run with its dialect named. It fails only what it breaks; it blocks only what reads
// the missing field.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
    if (process.env.PARTIAL_BLAME_DUMP) await writeFile(process.env.PARTIAL_BLAME_DUMP, JSON.stringify(result));
  } finally {
    await partial.stop();
  }
}, 400_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a partial target with its dialect named', () => {
  it('runs', () => {
    const failed = result.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
    const blocked = result.checks.filter((c) => c.status === 'blocked').map((c) => `${c.id} <- ${c.blockedBy}`);
    console.log(JSON.stringify({ failed, blocked, roots: result.rootCauses.map((r) => r.checkId) }, null, 1));
  });
});
