// issue 34: the dialect hint (decision 31) read names only from answers, so a target whose only clue is its refusal
// ("body is required" to a valid send, and no list to show a message in its own names) got no `message=body`
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OperationRow, RunResult } from '../../suites/engine/index.js';
import { requestNameHints } from '../../suites/engine/request-name-hint.js';
import { conform } from '../helpers/run-conform.js';
import { startPartialTarget } from '../support/partial-target.js';

const refusal = (operationId: string, message: string, status = 400): OperationRow => ({
  operationId,
  method: 'POST',
  path: '/',
  state: 'refuses-valid-input',
  status,
  message,
});

describe('request names from the refusal of valid input', () => {
  it.each([
    ['sendMessage', 'Invalid request data: body is required', ['message=body']],
    ['sendMessage', "must have required property 'text'", ['message=text']],
    ['sendMessage', 'to, from and content are required', ['message=content']],
    ['sendMessage', 'missing field `recipient`', ['to=recipient']],
    ['createWebhook', 'endpoint is required', ['url=endpoint']],
  ])('%s answering "%s" asks for %j', (operationId, message, entries) => {
    expect(requestNameHints(refusal(operationId, message))).toEqual(entries);
  });

  it.each([
    ['a field the spec names', refusal('sendMessage', 'message is required')],
    ['an unknown name with no usual spec field', refusal('sendMessage', 'campaign is required')],
    ['no name at all', refusal('sendMessage', 'Invalid request data')],
    ['a 5xx', refusal('sendMessage', 'body is required', 500)],
    ['an operation without a body', refusal('listMessages', 'page is required')],
  ])('nothing for %s', (_what, row) => {
    expect(requestNameHints(row)).toEqual([]);
  });

  it('a run against a target calling the field `body`, with no list to show it, hints message=body', async () => {
    const partial = await startPartialTarget({
      missing: [{ method: 'GET', path: '/v1/messages' }, { path: '/v1/webhooks/**' }],
      dialect: { fields: { message: 'body' }, detailedErrors: true },
    });
    const out = await mkdtemp(join(tmpdir(), 'request-name-hint-'));
    try {
      const run = await conform([
        '--target',
        partial.baseUrl,
        '--profile',
        'simulator',
        '--receiver-port',
        '0',
        '--seed',
        '3',
        '--reporter',
        'json',
        '--out',
        out,
      ]);
      expect(run.code, run.stderr).toBe(1);
      const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
      expect(result.operations.find((o) => o.operationId === 'sendMessage')).toMatchObject({
        state: 'refuses-valid-input',
        message: 'Invalid request data: body is required',
      });
      expect(result.dialectHint ?? []).toContain('message=body');
    } finally {
      await partial.stop();
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
