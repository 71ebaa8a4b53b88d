import type { RunEvent, RunReproduction } from '../../suites/engine/index.js';
import { ownReason } from '../../reports/failure-view.js';
import { rerunView } from '../../reports/rerun-view.js';
import { cutLine } from '../../reports/safe-text.js';
import type { RerunContext } from '../../reports/rerun-view.js';
import type { CheckResult } from '../../results/run-result.js';

/** Where progress goes. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** Options of progressPrinter. */
export interface ProgressOptions {
  /** How a failing check is run again: printed under its live line. */
  readonly reproduce?: RunReproduction;
  /** Prefix of every line (parity: `A ` and `B `). */
  readonly label?: string;
  /** Print only failures and the heartbeat, not a line per check (parity prints both sides at once). */
  readonly quiet?: boolean;
  /** How long without a line before one says what is still running (default 10 s). */
  readonly heartbeatMs?: number;
}

/** The requests a check sent, and whose answers it judged instead of sending the same again (decision 32). */
function requestsOf(result: CheckResult): string {
  return `${result.exchanges} req${result.judgedAnswersOf === undefined ? '' : `, judged the answers of ${result.judgedAnswersOf}`}`;
}

const marks = { passed: 'PASS', failed: 'FAIL', errored: 'ERROR', blocked: 'BLOCKED', noted: 'NOTED', skipped: 'SKIP' } as const;

/**
 * An onEvent handler: a live status line on a TTY, plain lines otherwise; failures are always printed at once, with the
 * command that runs them again; when nothing was printed for a while, a line says which checks are still running.
 * The lines show the results as the run's reports will count them (the engine emits each result once, final).
 */
export function progressPrinter(stream: ProgressStream, options: ProgressOptions = {}): (event: RunEvent) => void {
  let failures = 0;
  const tty = stream.isTTY === true;
  const label = options.label ?? '';
  const running = new Map<string, number>();
  let context: RerunContext | undefined;
  let lastLine = Date.now();
  let status = '';
  let heartbeat: NodeJS.Timeout | undefined;
  const clear = (): void => {
    if (tty && status !== '') stream.write('\r\x1b[2K');
  };
  const line = (text: string): void => {
    clear();
    stream.write(`${label}${text}\n`);
    if (tty && status !== '') stream.write(status);
    lastLine = Date.now();
  };
  const beat = (): void => {
    if (running.size === 0 || Date.now() - lastLine < (options.heartbeatMs ?? 10_000)) return;
    const oldest = [...running.entries()].sort((a, b) => a[1] - b[1]);
    const names = oldest.slice(0, 4).map(([id, since]) => `${id} (${Math.round((Date.now() - since) / 1000)} s)`);
    line(`… ${running.size} running: ${names.join(', ')}${running.size > 4 ? ', …' : ''}`);
  };
  return (event) => {
    switch (event.type) {
      case 'run-start':
        context = { reproduce: options.reproduce, seed: event.seed, runs: event.runs, target: { baseUrl: event.target.baseUrl } };
        line(`conform: ${event.total} checks against ${event.target.name} (${event.target.profile}, ${event.target.baseUrl}), seed ${event.seed}`);
        heartbeat = setInterval(beat, 1_000);
        heartbeat.unref();
        break;
      case 'check-start':
        running.set(event.id, Date.now());
        break;
      case 'stage':
        line(`conform: ${event.checks} checks wait on their messages' lifecycle (events, statuses), ${event.atOnce} at once`);
        break;
      case 'check-end': {
        const { result } = event;
        running.delete(result.id);
        const bad = result.status === 'failed' || result.status === 'errored';
        if (bad) failures += 1;
        if (bad || (!tty && !options.quiet)) {
          // the reason as the reports show it, on one line (the counterexample is in them)
          const reason = result.reason && result.status !== 'passed' ? `: ${cutLine(ownReason(result), 400)}` : '';
          line(`${marks[result.status]} [${event.done}/${event.total}] ${result.suite} ${result.id} (${result.durationMs} ms, ${requestsOf(result)})${reason}`);
          const rerun = bad ? rerunView(result, context, 0).rerun : undefined;
          if (rerun !== undefined) line(`  rerun: ${rerun}`);
        }
        status = tty ? `${label}[${event.done}/${event.total}] ${result.suite} · failures so far: ${failures}` : '';
        if (tty) {
          stream.write(`\r\x1b[2K${status}`);
        }
        break;
      }
      case 'run-end':
        clearInterval(heartbeat);
        clear();
        status = '';
        break;
      default:
        break;
    }
  };
}
