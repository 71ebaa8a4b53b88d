import type { Redactor } from '../targets/redact.js';
import { CaptureBudget } from './capture-budget.js';
import { forwardExchange } from './forward-exchange.js';
import type { ForwardPlan } from './forward-exchange.js';
import type { SessionGrading } from './grading-thread.js';
import { NotGradedCounts } from './not-graded-counts.js';
import { passiveServer } from './passive-server.js';
import type { PassiveServer } from './passive-server.js';
import type { GradedSession } from './session-reports.js';
import type { TallySnapshot } from './session-tally.js';

/** Body bytes held for all exchanges in flight by default: past that bodies pass through ungraded. */
export const defaultCaptureBytes = 128 * 1024 * 1024;

/** What a session serves: its forwarding plan (all but what happens with an exchange), its grading, where it listens. */
export interface SessionSetup {
  readonly plan: Omit<ForwardPlan, 'done' | 'budget'>;
  readonly grading: SessionGrading;
  readonly redactor: Redactor;
  readonly host?: string;
  readonly port?: number;
  readonly captureBytes?: number;
  /** Called after each exchange with the count so far (--max-exchanges). */
  readonly onExchange?: (count: number) => void;
}

/**
 * A passive session serving on loopback, the part the proxy and the forwarder share: each exchange forwarded by
 * forward-exchange.ts and handed to the grading (unless --annotate graded it already), the requests the server
 * refused counted as not graded, and stop(): close the server (exchanges in flight get graceMs), then the
 * connections to the target, then grade what was handed over.
 */
export class RunningSession implements GradedSession {
  readonly redactor: Redactor;
  private readonly refused = new NotGradedCounts();
  private readonly server: PassiveServer;
  private completed = 0;
  private listening = '';

  private constructor(private readonly setup: SessionSetup) {
    this.redactor = setup.redactor;
    const plan: ForwardPlan = {
      ...setup.plan,
      budget: new CaptureBudget(setup.captureBytes ?? defaultCaptureBytes),
      done: (exchange, graded) => this.exchangeDone(exchange, graded),
    };
    this.server = passiveServer(
      setup.plan.mark,
      (req, res, tunnel) => forwardExchange(req, res, plan, tunnel),
      (why) => this.refused.count(why),
    );
  }

  /**
   * Starts the session: listening once this resolves, with its grading ready (the grading thread's module is bundled
   * by esbuild's service process when run from sources; a Ctrl-C to the process group would end that process too).
   */
  static async start(setup: SessionSetup): Promise<RunningSession> {
    await setup.grading.ready;
    const session = new RunningSession(setup);
    session.listening = await session.server.listen(setup.host, setup.port ?? 0);
    return session;
  }

  /** The loopback URL the session listens on. */
  get url(): string {
    return this.listening;
  }

  get tally(): TallySnapshot {
    return this.setup.grading.tally;
  }

  get notGraded(): NotGradedCounts {
    return this.refused.with(this.setup.grading.notGraded);
  }

  /** Stops accepting, lets exchanges in flight finish (up to graceMs), grades what was handed over (up to gradingMs). */
  async stop(graceMs = 5_000, gradingMs?: number): Promise<void> {
    await this.server.close(graceMs);
    this.setup.plan.upstream.close();
    await this.setup.grading.finish(gradingMs);
  }

  private exchangeDone(exchange: Parameters<ForwardPlan['done']>[0], graded: boolean): void {
    this.completed += 1;
    if (!graded) this.setup.grading.submit(exchange);
    this.setup.onExchange?.(this.completed);
  }
}

/** The options that are set, of those named (exactOptionalPropertyTypes: an undefined one is left out, not passed). */
export function pick<T extends object, K extends keyof T>(from: T, ...keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}
