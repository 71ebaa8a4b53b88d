// issue 34: the dialect hint (decision 31) read names only from answers, so a target whose only clue is its refusal
// ("body is required" to a valid send, and no list to show a message in its own names) got no `message=body`
import { describe, expect, it } from 'vitest';
import type { OperationRow } from '../../suites/engine/index.js';
import { requestNameHints } from '../../suites/engine/request-name-hint.js';
import { conformWithResults } from '../helpers/run-conform.js';
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
    try {
      const { result, ...run } = await conformWithResults(
        ['--target', partial.baseUrl, '--profile', 'simulator', '--receiver-port', '0', '--seed', '3'],
        'request-name-hint-',
      );
      expect(run.code, run.stderr).toBe(1);
      expect(result.operations.find((o) => o.operationId === 'sendMessage')).toMatchObject({
        state: 'refuses-valid-input',
        message: 'Invalid request data: body is required',
      });
      expect(result.dialectHint ?? []).toContain('message=body');
    } finally {
      await partial.stop();
    }
  }, 120_000);
});
