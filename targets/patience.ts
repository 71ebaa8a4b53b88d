import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { IntervalHistogram } from 'node:perf_hooks';
import { describePace, owedWait, patienceRule, stretchOf, wasQuiet } from './slowness.js';
import type { PaceFigures } from './slowness.js';

const resolutionMs = 10;
const sampleEveryMs = 250;
const keptLagSamples = 3_600; // 15 minutes
const keptAnswers = 400;
const answerBlock = 9;
/** The stretch a new wait gets is judged over this much of the recent run. */
const recentMs = 5_000;

interface Sample {
  readonly at: number;
  readonly ms: number;
}

/** Where a wait began, to judge the run over the wait when it ends unmet (Patience.unmetBecauseSlow). */
export interface PatienceMark {
  readonly at: number;
}

/**
 * The run's patience (DESIGN.md §3 "Time is not evidence", decision 35): it samples the harness's event-loop lag and
 * hears the target's answer times, gives every wait its deadline (base × how slow the run is now, at most
 * patienceRule.maxStretch × base) and says whether a wait that ended unmet did so while the run was slow.
 */
export class Patience {
  private static process: Patience | undefined;
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;
  private readonly lags: Sample[] = [];
  private readonly answers: Sample[] = [];
  private block: number[] = [];
  private quietAnswerMs: number | undefined;
  private sampledAt = performance.now();

  private constructor() {
    this.histogram = monitorEventLoopDelay({ resolution: resolutionMs });
    this.histogram.enable();
    this.timer = setInterval(() => this.sample(), sampleEveryMs);
    this.timer.unref();
  }

  /** A patience for one run (stop() it at the end). */
  static start(): Patience {
    return new Patience();
  }

  /** The process's patience, for a check context built outside a run (tests, library callers). */
  static ofProcess(): Patience {
    return (Patience.process ??= Patience.start());
  }

  /** Hears one answer of the target (the HttpClient's onExchange). */
  noteAnswer(durationMs: number): void {
    push(this.answers, { at: performance.now(), ms: durationMs }, keptAnswers);
    this.block.push(durationMs);
    if (this.block.length < answerBlock) return;
    const median = medianOf(this.block);
    this.quietAnswerMs = this.quietAnswerMs === undefined ? median : Math.min(this.quietAnswerMs, median);
    this.block = [];
  }

  /** How many times slower than quiet the recent run is (1 = quiet, at most patienceRule.maxStretch). */
  stretch(): number {
    return stretchOf(this.figuresSince(performance.now() - recentMs));
  }

  /**
   * The deadline of a wait that takes `baseMs` on a quiet run: stretched by how slow the run is now, and on a slow run
   * long enough to outwait that slowness (slowness.owedWait), within the bound; `since`, where the wait began.
   */
  deadline(baseMs: number, since?: PatienceMark): number {
    const now = owedWait(this.figuresSince(performance.now() - recentMs), baseMs) ?? this.bound(baseMs);
    // a wait that began at `since` is owed what the slowness it met so far asks too (unmetBecauseSlow judges that)
    const met = since === undefined ? 0 : (owedWait(this.figuresSince(since.at), baseMs) ?? this.bound(baseMs));
    return Math.max(now, met);
  }

  /** The most any wait of base `baseMs` is given (the documented bound). */
  bound(baseMs: number): number {
    return baseMs * patienceRule.maxStretch;
  }

  /** Where a wait begins. */
  mark(): PatienceMark {
    return { at: performance.now() };
  }

  /**
   * After a wait from `mark` ended unmet: the figures in words when the run was slow during it, else undefined. Given
   * the wait's base and how long it lasted, a wait that outwaited the slowness it met (slowness.owedWait) is evidence
   * too: undefined.
   */
  unmetBecauseSlow(mark: PatienceMark, waited?: { readonly baseMs: number; readonly waitedMs: number }): string | undefined {
    const figures = this.figuresSince(mark.at);
    if (wasQuiet(figures)) return undefined;
    const owed = waited === undefined ? undefined : owedWait(figures, waited.baseMs);
    return owed !== undefined && waited !== undefined && waited.waitedMs >= owed ? undefined : describePace(figures);
  }

  /** The harness's largest event-loop lag sampled within a second of `at` (performance.now() time), 0 when none. */
  readonly lagNear = (at: number): number => {
    let most = 0;
    for (const sample of this.lags) if (Math.abs(sample.at - at) <= 1_000) most = Math.max(most, sample.ms);
    return most;
  };

  /** What the run observed since `at` (performance.now() time). */
  figuresSince(at: number): PaceFigures {
    this.sample(false);
    const lags = this.lags.filter((s) => s.at >= at).map((s) => s.ms);
    const answers = this.answers.filter((s) => s.at >= at).map((s) => s.ms);
    return {
      ...(lags.length === 0 ? {} : { lagMs: percentileOf(lags, 0.9) }),
      ...(answers.length === 0 ? {} : { answerMs: medianOf(answers) }),
      ...(this.quietAnswerMs === undefined ? {} : { quietAnswerMs: this.quietAnswerMs }),
    };
  }

  /** Stops sampling. */
  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private sample(always = true): void {
    const now = performance.now();
    // a block that just ended may not be in the histogram yet: the sampling timer's own lateness shows it
    const overdue = Math.max(0, now - this.sampledAt - sampleEveryMs);
    // between samples, an empty histogram and a timer on time say nothing; a read keeps what it saw
    if (this.histogram.count === 0 && overdue === 0 && !always) return;
    const p99 = this.histogram.count === 0 ? resolutionMs : this.histogram.percentile(99) / 1e6;
    push(this.lags, { at: now, ms: Math.max(0, p99 - resolutionMs, overdue) }, keptLagSamples);
    this.histogram.reset();
    this.sampledAt = now;
  }
}

function push(list: Sample[], sample: Sample, most: number): void {
  list.push(sample);
  if (list.length > most) list.splice(0, list.length - most);
}

function percentileOf(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

function medianOf(values: readonly number[]): number {
  return percentileOf(values, 0.5);
}
