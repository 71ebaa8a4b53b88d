// The grading thread's module (issue 26): grades the exchanges a passive session hands over, off the session's event
// loop (and on another core when there is one), and reports violations, learned secrets and its counters back.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { Redactor } from '../targets/redact.js';
import { DeliveryGrader } from './delivery-grader.js';
import { decodeExchanges } from './exchange-codec.js';
import { ExchangeGrader } from './exchange-grader.js';
import type { FromGrader, ToGrader } from './grading-messages.js';
import type { Violation } from './session-tally.js';

/** Collects the secrets the grader learns, to send them to the session's redactor (which writes every output). */
class SecretRelay extends Redactor {
  private readonly seen = new Set<string>();
  private fresh: string[] = [];

  override addSecret(secret: string | undefined): void {
    if (secret === undefined || this.seen.has(secret)) return;
    this.seen.add(secret);
    this.fresh.push(secret);
  }

  take(): string[] {
    const taken = this.fresh;
    this.fresh = [];
    return taken;
  }
}

const port = parentPort;
if (port === null) throw new Error('grading-worker runs as a worker thread only');

// Grading yields to forwarding (issue 26: the session is infrastructure first): this thread runs at nice 10, so when
// the cores are busy the forwarding thread (and the client and target) go first and what grading cannot keep up with
// is counted as not graded; with a core to spare it grades everything. Linux: a thread id set alone; elsewhere, or
// when not permitted, grading keeps the session's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // no per-thread priority here
}
const relay = new SecretRelay();
let grader: ExchangeGrader | DeliveryGrader | undefined;
let failure: string | undefined;
let sentAt = 0;
let trailing: NodeJS.Timeout | undefined;

function post(message: FromGrader): void {
  port!.postMessage(message);
}

function snapshotDue(): boolean {
  const now = Date.now();
  if (now - sentAt >= 100) {
    sentAt = now;
    clearTimeout(trailing);
    trailing = undefined;
    return true;
  }
  trailing ??= setTimeout(() => {
    trailing = undefined;
    sentAt = Date.now();
    if (grader !== undefined) post({ type: 'graded', count: 0, violations: [], secrets: [], tally: grader.tally });
  }, 100);
  return false;
}

port.on('message', (message: ToGrader) => {
  if (message.type === 'start') {
    const settings = message.settings;
    // violations the history rules find between batches (once a second) go out as they are found, like a batch's
    const judged = (violation: Violation): void => post({ type: 'graded', count: 0, violations: [violation], secrets: [] });
    grader = settings.session === 'proxy' ? new ExchangeGrader(relay, judged, settings.idempotencyKeys) : new DeliveryGrader(settings.delivery);
  } else if (message.type === 'secret') {
    if (grader instanceof DeliveryGrader) grader.addSecret(message.secret);
  } else if (message.type === 'grade') {
    const active = grader as ExchangeGrader | DeliveryGrader;
    const violations: Violation[] = [];
    let first: string | undefined;
    const exchanges = decodeExchanges(message.batch);
    for (const wire of exchanges) {
      try {
        violations.push(...active.grade(wire));
      } catch (error) {
        // a grading bug must never take the session down: the exchange is counted as not graded, the error shown once
        active.tally.notGradedFor('grading error');
        if (failure === undefined) first = failure = (error as Error).message;
      }
    }
    post({
      type: 'graded',
      count: exchanges.length,
      violations,
      secrets: relay.take(),
      ...(snapshotDue() ? { tally: active.tally } : {}),
      ...(first === undefined ? {} : { failure: first }),
    });
  } else {
    clearTimeout(trailing);
    const active = grader as ExchangeGrader | DeliveryGrader;
    // the session ends: the history rules judge its last calls (their violations reach the session before it finishes)
    if (active instanceof ExchangeGrader) active.judge();
    post({ type: 'finished', tally: active.tally, idempotencyKeys: active instanceof ExchangeGrader ? active.idempotencyKeys : 0 });
  }
});
