/**
 * DESIGN.md §3 "Time is not evidence", decision 35: how slow a stretch of the run was, from what it observed. Pure:
 * the figures in, the stretch of every wait and the verdict on an unmet wait out (targets/patience.ts measures them).
 */
export const patienceRule = {
  /** Event-loop lag (p99 beyond the sampling interval) a quiet harness stays under, in ms. */
  quietLagMs: 50,
  /** A target's answers are quiet while their median stays under this many times the run's fastest median... */
  quietAnswerFactor: 3,
  /** ...or under this many ms above it (loopback answers of a few ms vary by more than a factor). */
  quietAnswerSlackMs: 50,
  /** The most a wait is stretched: a wait of base b ends unmet after b × stretch, stretch ≤ maxStretch. */
  maxStretch: 8,
  /**
   * On a slow run a wait is given this many times base × stretch (within the bound), and an unmet wait that lasted so
   * long against the slowness it met is evidence: only one that reached the bound is the run's error (issue 34).
   */
  outwaitFactor: 2,
} as const;

/** What the run observed over a stretch of time. */
export interface PaceFigures {
  /** The harness's event-loop lag (p90 of its 250 ms samples, each the p99 beyond the timer, ms), undefined when none was sampled. */
  readonly lagMs?: number;
  /** The median answer time of the target's answers in the stretch (ms), undefined when none came. */
  readonly answerMs?: number;
  /** The run's quiet answer time: the fastest median it saw (ms), undefined before any answer. */
  readonly quietAnswerMs?: number;
}

/** How many times slower than quiet the figures are (1 = quiet), capped at patienceRule.maxStretch. */
export function stretchOf(figures: PaceFigures): number {
  const { quietLagMs, quietAnswerFactor, quietAnswerSlackMs, maxStretch } = patienceRule;
  const byLag = figures.lagMs === undefined ? 1 : figures.lagMs / quietLagMs;
  const quietAnswer = figures.quietAnswerMs ?? figures.answerMs;
  const byAnswers =
    figures.answerMs === undefined || quietAnswer === undefined
      ? 1
      : figures.answerMs / Math.max(quietAnswer * quietAnswerFactor, quietAnswer + quietAnswerSlackMs);
  return Math.min(maxStretch, Math.max(1, byLag, byAnswers));
}

/**
 * The time a wait of base `baseMs` is owed against the slowness of `figures`: the base on a quiet run, else
 * outwaitFactor × base × stretch; undefined when that passes the bound (maxStretch × base: no wait is that long).
 */
export function owedWait(figures: PaceFigures, baseMs: number): number | undefined {
  const stretch = stretchOf(figures);
  if (stretch <= 1) return baseMs;
  const owed = Math.round(patienceRule.outwaitFactor * baseMs * stretch);
  return owed <= patienceRule.maxStretch * baseMs ? owed : undefined;
}

/** True when the figures are near their quiet values: an unmet wait then is the target's doing. */
export function wasQuiet(figures: PaceFigures): boolean {
  return stretchOf(figures) <= 1;
}

/** The figures in words, for a reason or a log line. */
export function describePace(figures: PaceFigures): string {
  const ms = (value: number | undefined): string => (value === undefined ? 'none' : `${Math.round(value)} ms`);
  const { quietLagMs } = patienceRule;
  return (
    `harness event-loop lag ${ms(figures.lagMs)} (quiet under ${quietLagMs} ms), ` +
    `target answers median ${ms(figures.answerMs)} (quiet ${ms(figures.quietAnswerMs)})`
  );
}
