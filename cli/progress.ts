import type { RunEvent } from '../suites/engine/index.js';

/** Where progress goes. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

const marks = { passed: 'PASS', failed: 'FAIL', errored: 'ERROR', blocked: 'BLOCKED', noted: 'NOTED', skipped: 'SKIP' } as const;

/** An onEvent handler: a live status line on a TTY, plain lines otherwise; failures are always printed at once. */
export function progressPrinter(stream: ProgressStream): (event: RunEvent) => void {
  let failures = 0;
  const tty = stream.isTTY === true;
  const clear = (): void => {
    if (tty) stream.write('\r\x1b[2K');
  };
  return (event) => {
    switch (event.type) {
      case 'run-start':
        stream.write(`conform: ${event.total} checks against ${event.target.name} (${event.target.profile}, ${event.target.baseUrl}), seed ${event.seed}\n`);
        break;
      case 'check-end': {
        const { result } = event;
        const bad = result.status === 'failed' || result.status === 'errored';
        if (bad) failures += 1;
        clear();
        if (bad || !tty) {
          const reason = result.reason && result.status !== 'passed' ? `: ${result.reason}` : '';
          stream.write(
            `${marks[result.status]} [${event.done}/${event.total}] ${result.suite} ${result.id} (${result.durationMs} ms, ${result.exchanges} req)${reason}\n`,
          );
        }
        if (tty) stream.write(`[${event.done}/${event.total}] ${result.suite} · failures so far: ${failures}`);
        break;
      }
      case 'run-end':
        clear();
        break;
      default:
        break;
    }
  };
}
