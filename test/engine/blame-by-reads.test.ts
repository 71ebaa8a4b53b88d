// Issue 34 parts 2 and 3, unit by unit: a wrong-shape baseline blocks only what reads its fields, one gap is one root,
// and the matrix names the exchange that broke a requirement.
import { describe, expect, it } from 'vitest';
import { blockedReason, foldFailures, wrongFieldsRead } from '../../suites/engine/blocking.js';
import { requirementsMatrix } from '../../suites/engine/summarize.js';
import type { CheckResult } from '../../results/run-result.js';
import type { Requirement } from '../../spec/requirements.js';

const result = (id: string, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  suite: 'test/blame',
  requirements: ['MSG-FIELDS-REQUIRED'],
  level: 'must',
  status: 'failed',
  durationMs: 1,
  exchanges: 1,
  ...over,
});
const noDirection = result('SEND-POSITIVE', {
  baselineFor: 'sendMessage',
  accepted: true,
  violated: ['MSG-FIELDS-REQUIRED'],
  failedOperation: 'sendMessage',
  answer: { status: 201, pointer: '/direction', fields: ['direction'] },
  reproduction: `curl -sS -i -X POST 'http://127.0.0.1:1/v1/messages' -H 'accept: application/json'`,
});

describe('wrongFieldsRead', () => {
  it('lets a check that reads none of the wrong fields run, and names the ones a check reads', () => {
    expect(wrongFieldsRead(noDirection, ['id', 'status'])).toBeUndefined();
    expect(wrongFieldsRead(noDirection, ['id', 'direction'])).toEqual(['direction']);
    // no reads declared: it reads every field
    expect(wrongFieldsRead(noDirection, undefined)).toEqual(['direction']);
    expect(blockedReason('sendMessage', noDirection, ['direction'])).toBe(
      'blocked by SEND-POSITIVE: sendMessage answers without a valid `direction`, which this check reads',
    );
  });

  it('blocks as before when the baseline failed otherwise: a refusal of everything, a shape without fields', () => {
    const refused = result('LIST-POSITIVE', { baselineFor: 'listMessages', answer: { status: 404, message: 'Not found' } });
    expect(wrongFieldsRead(refused, ['id'])).toEqual([]);
    const whole = { ...noDirection, answer: { status: 201, pointer: '' } };
    expect(wrongFieldsRead(whole, ['id'])).toEqual([]);
  });
});

describe('one gap, one root; the matrix names the exchange', () => {
  it('folds a later 2xx failure on the same fields and requirement under the baseline, not one on another field', () => {
    const page = result('PAGE-SELECTS', { violated: ['MSG-FIELDS-REQUIRED'], failedOperation: 'listMessages', answer: { status: 200, fields: ['direction'] } });
    const other = result('OTHER', { violated: ['MSG-FIELDS-REQUIRED'], failedOperation: 'listMessages', answer: { status: 200, fields: ['status'] } });
    const folded = new Map(foldFailures([noDirection, page, other]).map((c) => [c.id, c.foldedInto]));
    expect(folded.get('PAGE-SELECTS')).toBe('SEND-POSITIVE');
    expect(folded.get('OTHER')).toBeUndefined();
  });

  it('lists brokenBy for a failed requirement: the root failure and its exchange', () => {
    const requirement = { id: 'MSG-FIELDS-REQUIRED', section: '2.1', level: 'must', text: 'fields' } as Requirement;
    const [row] = requirementsMatrix([requirement], [noDirection]);
    expect(row).toMatchObject({ status: 'failed', brokenBy: [{ check: 'SEND-POSITIVE', exchange: 'POST /v1/messages → 201 at /direction' }] });
  });
});
