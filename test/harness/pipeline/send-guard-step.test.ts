import { afterEach, describe, expect, it } from 'vitest';
import { SendGuardStep } from '../../../targets/pipeline/send-guard-step.js';
import { SendGuard, sendOperation } from '../../../targets/send-guard.js';
import type { SendPolicy } from '../../../targets/send-guard.js';
import { startStub } from '../stub-server.js';
import type { Stub, StubHandler } from '../stub-server.js';
import { newScope, stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

const mine = '+14155550100';
let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
  runner = undefined;
  stub = undefined;
});

async function setup(handler: StubHandler, policy: Partial<SendPolicy> = {}) {
  stub = await startStub(handler);
  const guard = new SendGuard({ guarded: true, allowSend: true, allowedRecipients: [mine], maxSends: 1, ...policy });
  runner = stepRunner(stub.url, [new SendGuardStep(guard)]);
  return { stub, guard, runner };
}

const send = (to: unknown = mine) => ({ method: 'POST', path: '/v1/messages', body: { to, message: 'hi' } });

describe('SendGuardStep', () => {
  it('refuses with the stable codes before anything is sent', async () => {
    const { stub, guard, runner } = await setup(() => [201, { id: 'm1' }]);
    await expect(runner.send(send('+14155550199'))).rejects.toMatchObject({ code: 'RECIPIENT_NOT_ALLOWED' });
    const closed = await setup(() => [201, { id: 'm1' }], { allowSend: false });
    await expect(closed.runner.send(send())).rejects.toMatchObject({ code: 'SEND_NOT_ALLOWED' });
    expect(stub.requests).toHaveLength(0);
    expect(closed.stub.requests).toHaveLength(0);
    expect(guard.summary()).toMatchObject({ refused: 1, sent: 0, counted: 0 });
  });

  it('takes the slot at admission: of two concurrent sends with --max-sends 1, the second is refused', async () => {
    const { stub, guard, runner } = await setup(() => [201, { id: 'm1' }]);
    const outcomes = await Promise.allSettled([runner.send(send()), runner.send(send())]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SEND_BUDGET_EXCEEDED' });
    expect(stub.requests).toHaveLength(1);
    expect(guard.summary()).toMatchObject({ sent: 1, refused: 1, counted: 1 });
  });

  it('keeps the ledger: a 4xx and a replay of a counted message give their slot back; the check is named', async () => {
    const answers: [number, unknown][] = [
      [422, { error: 'invalid' }],
      [201, { id: 'm1' }],
      [200, { id: 'm1' }],
    ];
    // two slots: a replay is sent while the first message holds one
    const { guard, runner } = await setup(() => answers.shift() ?? [500, {}], { maxSends: 2 });
    const scope = newScope('CHECK-LEDGER');
    for (let i = 0; i < 3; i++) await runner.send(send(), scope);
    const summary = guard.summary();
    expect(summary.counted).toBe(1);
    expect(summary.ledger.map((r) => [r.check, r.status, r.messageId, r.recipient])).toEqual([
      ['CHECK-LEDGER', 422, undefined, mine],
      ['CHECK-LEDGER', 201, 'm1', mine],
      ['CHECK-LEDGER', 200, 'm1', mine],
    ]);
  });

  it('records a send that got no answer with its error, and keeps its slot (it may have been billed)', async () => {
    const { guard, runner } = await setup((_req, res) => {
      res.socket?.destroy();
      return undefined;
    });
    const exchange = await runner.send(send());
    expect(exchange.error).toBeDefined();
    expect(guard.summary()).toMatchObject({ counted: 1, ledger: [{ error: exchange.error?.code }] });
  });

  it('admits uncounted a send naming no phone number, and never guards clean-up or other requests', async () => {
    const { stub, guard, runner } = await setup(() => [422, {}], { maxSends: 0 });
    await runner.send(send('12'));
    await runner.send({ method: 'POST', path: '/v1/webhooks', body: { to: '+19995550000' } });
    await runner.send({ ...send('+19995550000'), cleanup: true });
    expect(stub.requests).toHaveLength(3);
    expect(guard.summary()).toMatchObject({ sent: 1, refused: 0, counted: 0, ledger: [] });
  });
});

describe('sendOperation', () => {
  it('names a send however its path is written, the same on every call, past its memory of paths too', () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['POST', '/v1/messages', 'sendMessage'],
      ['post', '/V1//Messages/?x=1', 'sendMessage'],
      ['POST', '/v1/x/../messages', 'sendMessage'],
      ['POST', '/v1/messages%2Fsend-template', 'sendTemplate'],
      ['GET', '/v1/messages', undefined],
      ['POST', '/v1/webhooks', undefined],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [method, path, operation] of cases) expect(sendOperation(method, path), `${method} ${path}`).toBe(operation);
      for (let i = 0; i < 300; i++) expect(sendOperation('POST', `/v1/messages/${i}/x`)).toBeUndefined();
    }
  });
});
