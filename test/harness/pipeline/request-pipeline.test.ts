import { afterEach, describe, expect, it } from 'vitest';
import { HarnessError } from '../../../targets/harness-error.js';
import type { RequestStep } from '../../../targets/pipeline/request-step.js';
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

/** A step that writes down when each of its hooks runs, and refuses paths under /refuse-<name>. */
function tracingStep(name: string, trace: string[]): RequestStep {
  return {
    check(call) {
      trace.push(`${name}.check`);
      if (call.options.path.startsWith(`/refuse-${name}`)) throw new HarnessError('BUDGET_EXCEEDED', `${name} refuses`);
    },
    admit(call) {
      trace.push(`${name}.admit#${call.id}`);
    },
    async handle(call, next) {
      trace.push(`${name}.before`);
      const exchange = await next(call);
      trace.push(`${name}.after:${exchange.status}`);
      return exchange;
    },
  };
}

describe('RequestPipeline', () => {
  it('runs every check, then every admission, then the handles outermost first, their after-work in reverse', async () => {
    stub = await startStub(() => [204, '']);
    const trace: string[] = [];
    runner = stepRunner(stub.url, [tracingStep('a', trace), {}, tracingStep('b', trace)]);
    const exchange = await runner.send({ path: '/x' });
    expect(exchange.id).toBe(1);
    expect(trace).toEqual(['a.check', 'b.check', 'a.admit#1', 'b.admit#1', 'a.before', 'b.before', 'b.after:204', 'a.after:204']);
  });

  it('a refusal by a later check admits nothing, numbers nothing, counts nothing and sends nothing', async () => {
    stub = await startStub(() => [200, {}]);
    const trace: string[] = [];
    runner = stepRunner(stub.url, [tracingStep('a', trace), tracingStep('b', trace)]);
    const scope = newScope();
    await expect(runner.send({ path: '/refuse-b' }, scope)).rejects.toThrow('b refuses');
    expect(trace).toEqual(['a.check', 'b.check']);
    expect(scope.count).toBe(0);
    expect(stub.requests).toHaveLength(0);
    expect((await runner.send({ path: '/ok' }, scope)).id).toBe(1);
    expect(scope.count).toBe(1);
  });
});
