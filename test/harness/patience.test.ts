import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DeliveryStore } from '../../receiver/delivery-store.js';
import { waitPatiently } from '../../suites/scenarios/patient-wait.js';
import { isHarnessError, owedWait, Patience, patienceRule, stretchOf, wasQuiet } from '../../targets/index.js';

// Decision 35 "time is not evidence": the stretch rule over figures, and the real patience over a real wait.

/** Holds the event loop busy for `ms` (real lag, not a simulated one). */
function blockLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: the lag the patience must see
  }
}

/** Runs `body` with a fresh patience, a store and a context for waitPatiently; stops the patience after. */
async function withPatience(
  body: (patience: Patience, store: DeliveryStore, ctx: { patience: Patience; signal: AbortSignal }) => Promise<void>,
): Promise<void> {
  const patience = Patience.start();
  try {
    await body(patience, new DeliveryStore(), { patience, signal: new AbortController().signal });
  } finally {
    patience.stop();
  }
}

describe('the stretch of a wait, from the figures', () => {
  it('quiet figures stretch nothing; lag or slow answers stretch, capped at the bound', () => {
    expect(stretchOf({ lagMs: 5, answerMs: 3, quietAnswerMs: 2 })).toBe(1);
    expect(wasQuiet({ lagMs: 5, answerMs: 40, quietAnswerMs: 2 })).toBe(true);
    expect(stretchOf({ lagMs: 200 })).toBe(200 / patienceRule.quietLagMs);
    expect(stretchOf({ answerMs: 600, quietAnswerMs: 100 })).toBe(2);
    expect(stretchOf({ lagMs: 10_000 })).toBe(patienceRule.maxStretch);
    expect(wasQuiet({ lagMs: 120 })).toBe(false);
  });
});

describe("what an unmet wait is owed before it is evidence (issue 34: only the bound is the run's error)", () => {
  it('its base on a quiet run; outwaitFactor × base × stretch on a slow one; nothing past the bound', () => {
    expect(owedWait({ lagMs: 5 }, 1_000)).toBe(1_000);
    expect(owedWait({ lagMs: 100 }, 1_000)).toBe(patienceRule.outwaitFactor * 1_000 * 2);
    expect(owedWait({ lagMs: 10_000 }, 1_000)).toBeUndefined();
  });
});

describe('a patient wait on real deliveries', () => {
  it('an unmet wait that outwaited a short slowness is evidence: undefined (the caller fails it), after the owed time', async () => {
    await withPatience(async (patience, store, ctx) => {
      const mark = patience.mark();
      const wait = waitPatiently(ctx, 'a delivery that never comes', 300, (ms) => store.waitFor(() => true, ms));
      await new Promise((resolve) => setTimeout(resolve, 20));
      blockLoop(120);
      const outcome = await wait.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const waited = performance.now() - mark.at;
      const owed = owedWait(patience.figuresSince(mark.at), 300);
      // a loaded machine may add lag past what any wait is given: then, and only then, SLOW_RUN
      if (owed === undefined) expect(isHarnessError((outcome as { error?: unknown }).error)).toBe(true);
      else {
        expect(outcome).toEqual({ value: undefined });
        expect(waited).toBeGreaterThanOrEqual(owed - 5);
        expect(owed).toBeGreaterThan(300);
      }
    });
  });

  it('an unmet wait during which the loop was held busy errors with SLOW_RUN, saying the figures', async () => {
    await withPatience(async (patience, store, ctx) => {
      const wait = waitPatiently(ctx, 'a delivery that never comes', 300, (ms) => store.waitFor(() => true, ms));
      await new Promise((resolve) => setTimeout(resolve, 20));
      blockLoop(400);
      const error = await wait.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isHarnessError(error) && error.code).toBe('SLOW_RUN');
      expect((error as Error).message).toMatch(/a delivery that never comes: not seen within \d+ ms .*event-loop lag \d+ ms/);
    });
  });

  it("an unmet wait ends undefined exactly when it outwaited the run's slowness (the caller fails it), never passed", async () => {
    await withPatience(async (patience, store, ctx) => {
      const mark = patience.mark();
      const outcome = await waitPatiently(ctx, 'nothing', 200, (ms) => store.waitFor(() => true, ms)).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      // on a loaded machine the patience may have seen lag it did not outwait: then SLOW_RUN, else undefined
      const slow = patience.unmetBecauseSlow(mark, { baseMs: 200, waitedMs: performance.now() - mark.at });
      if (slow === undefined) expect(outcome).toEqual({ value: undefined });
      else expect(isHarnessError((outcome as { error?: unknown }).error)).toBe(true);
    });
  });

  it('a delivery that comes within the wait is returned, also after the first deadline when the run slowed', async () => {
    await withPatience(async (patience, store, ctx) => {
      const wait = waitPatiently(ctx, 'a late delivery', 200, (ms) => store.waitFor((d) => d.path === '/late', ms));
      await new Promise((resolve) => setTimeout(resolve, 20));
      blockLoop(300);
      setTimeout(() => store.add({ path: '/late' } as never), 50);
      const found = await wait.catch((error: unknown) => error);
      // the lag stretched the deadline past the first 200 ms, so the arrival at ~350 ms is seen
      expect((found as { path?: string }).path).toBe('/late');
    });
  });
});
