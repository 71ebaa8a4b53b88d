import { afterEach, describe, expect, it } from 'vitest';
import { RecordingStep } from '../../../targets/pipeline/recording-step.js';
import { Redactor } from '../../../targets/redact.js';
import { startStub } from '../stub-server.js';
import type { Stub } from '../stub-server.js';
import { newScope, stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

const secret = 'sk_test_recorded_secret';
let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
});

describe('RecordingStep', () => {
  it('keeps a redacted copy of the latest `limit` exchanges of each scope; the caller gets the answer whole', async () => {
    stub = await startStub((req) => [200, { echo: req.url, key: secret }, { 'x-echo': secret }]);
    runner = stepRunner(stub.url, [new RecordingStep(new Redactor([secret]), 2)]);
    const scope = newScope();
    const other = newScope();
    let last;
    for (const path of ['/1', '/2', `/3?k=${secret}`]) last = await runner.send({ path, headers: { 'x-api-key': secret } }, scope);
    await runner.send({ path: '/other' }, other);
    expect((last?.json as { key: string }).key).toBe(secret);
    expect(scope.exchanges.map((e) => (e.json as { echo: string }).echo)).toEqual(['/2', '/3?k=[redacted]']);
    expect(JSON.stringify(scope.exchanges)).not.toContain(secret);
    expect(scope.exchanges[1]?.request.headers['x-api-key']).toBe('[redacted]');
    expect(other.exchanges).toHaveLength(1);
  });
});
