import { invalid } from '../errors.js';
import type { RequestContext } from '../http/router.js';
import type { ResolvedOptions } from '../options.js';
import type { Scheduler } from '../scheduler.js';

/** The longest Idempotency-Key (spec §4.1: 1 to 255 characters). */
const KEY_MAX = 255;

/**
 * The steps of a send around its message (DESIGN §4 idempotency), one part each, so that a fault wraps the step it
 * breaks (docs/decisions/0033).
 */
export class SendSteps {
  constructor(
    private readonly options: ResolvedOptions,
    private readonly scheduler: Scheduler,
  ) {}

  /** Reads the Idempotency-Key header (spec §4.1: 1 to 255 characters); absent → null. */
  idempotencyKey(req: RequestContext): string | null {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return null;
    const key = Array.isArray(raw) ? (raw[0] ?? '') : raw;
    if (key.length < 1 || key.length > KEY_MAX) throw invalid(`Idempotency-Key must be 1 to ${KEY_MAX} characters long`);
    return key;
  }

  /** Whose keys a key is told apart from: each API key has its own (DESIGN §4). */
  idempotencyScope(req: RequestContext): string {
    return req.apiKey;
  }

  /** The time a send stays in flight before its message is stored (sendDelayMs; the 409 of IDEM-IN-FLIGHT-409). */
  async inFlight(): Promise<void> {
    if (this.options.sendDelayMs > 0) await this.scheduler.sleep(this.options.sendDelayMs);
  }
}
