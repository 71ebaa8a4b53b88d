import { describe, expect, it } from 'vitest';
import { onAbort, sleep } from '../../targets/index.js';

/** The names of the process warnings emitted while `work` runs (and one tick after). */
async function warningsDuring(work: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => void warnings.push(warning.name);
  process.on('warning', onWarning);
  try {
    await work();
    await sleep(10);
  } finally {
    process.off('warning', onWarning);
  }
  return warnings;
}

describe('onAbort: many waiters on one signal, one listener', () => {
  it('calls every waiter once on abort, none that unsubscribed, and at once on an aborted signal', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const stops = [0, 1, 2].map((i) => onAbort(controller.signal, () => calls.push(i)));
    stops[1]?.();
    controller.abort();
    controller.abort();
    expect(calls).toEqual([0, 2]);
    onAbort(controller.signal, () => calls.push(9));
    expect(calls).toEqual([0, 2, 9]);
  });

  it('thirty sleeps on one check signal: no listener-leak warning, and the abort rejects them all with its reason', async () => {
    const warnings = await warningsDuring(async () => {
      const check = new AbortController();
      const sleeps = [...Array(30)].map(() =>
        sleep(10_000, check.signal).then(
          () => 'slept',
          (reason: unknown) => String(reason),
        ),
      );
      check.abort('deadline');
      expect(await Promise.all(sleeps)).toEqual(sleeps.map(() => 'deadline'));
    });
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
