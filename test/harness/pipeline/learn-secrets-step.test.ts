import { afterEach, describe, expect, it } from 'vitest';
import { LearnSecretsStep } from '../../../targets/pipeline/learn-secrets-step.js';
import { RecordingStep } from '../../../targets/pipeline/recording-step.js';
import { Redactor } from '../../../targets/redact.js';
import { startStub } from '../stub-server.js';
import type { Stub } from '../stub-server.js';
import { newScope, stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
});

describe('LearnSecretsStep', () => {
  it('teaches the redactor a secret an answer carries, before an outer recording step keeps it', async () => {
    // not whsec_-shaped: only learning it can redact it where it is quoted elsewhere
    const secret = 'plain-signing-secret-42';
    stub = await startStub(() => [201, { id: 'w1', signing_secret: secret, note: `the secret is ${secret}` }]);
    const redactor = new Redactor();
    runner = stepRunner(stub.url, [new RecordingStep(redactor, 10), new LearnSecretsStep(redactor)]);
    const scope = newScope();
    const exchange = await runner.send({ method: 'POST', path: '/v1/webhooks', body: { url: 'https://x.example' } }, scope);
    expect((exchange.json as { note: string }).note).toContain(secret);
    expect(redactor.scrub(`later: ${secret}`)).toBe('later: [redacted]');
    expect(scope.exchanges[0]?.bodyText).not.toContain(secret);
  });
});
