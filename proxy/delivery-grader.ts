import { getScheme } from '../receiver/schemes/index.js';
import type { SchemeName } from '../receiver/schemes/index.js';
import { headerBag } from './captured-exchange.js';
import type { WireExchange } from './captured-exchange.js';
import { gradeDelivery } from '../rules/index.js';
import type { DeliveryVerification } from '../rules/index.js';
import { printable } from './printable.js';
import { SessionTally } from './session-tally.js';
import type { Violation } from './session-tally.js';

/** How the forwarder verifies signatures, in a form that crosses to the grading thread (a scheme by name). */
export interface DeliverySettings {
  readonly scheme: SchemeName;
  /** The signature header of the service scheme (default Service-Signature, DESIGN.md §4). */
  readonly headerName?: string;
  /** The webhook signing secrets; without any, signatures are not verified (payloads are still graded). */
  readonly secrets: readonly string[];
  readonly toleranceSeconds: number;
}

/** Grades the deliveries of one forwarder session into its tally: signature, Content-Type, payload per event (spec §6). */
export class DeliveryGrader {
  readonly tally = new SessionTally();
  private readonly verification: DeliveryVerification & { secrets: string[] };

  constructor(settings: DeliverySettings) {
    const scheme = getScheme(settings.scheme, settings.headerName === undefined ? {} : { headerName: settings.headerName });
    this.verification = { scheme, secrets: [...settings.secrets], toleranceSeconds: settings.toleranceSeconds };
  }

  /** Verifies later deliveries with this secret too. */
  addSecret(secret: string): void {
    this.verification.secrets.push(secret);
  }

  /** Grades one delivery (the target's request; the status is what the target got back); returns its violations. */
  grade(exchange: WireExchange): Violation[] {
    const status = exchange.status ?? (exchange.error === 'TIMEOUT' ? 504 : 502);
    if (exchange.requestTruncated || exchange.requestCut) {
      const why = exchange.requestCut ? 'the sender left before the delivery was whole' : 'a body passed the capture limit';
      this.tally.add({ kind: 'ungraded', operationId: 'delivery (not whole)', why, status }, '', exchange.finishedAt);
      return [];
    }
    const delivery = { raw: exchange.requestBody, headers: headerBag(exchange.requestHeaders) };
    const { event, findings } = gradeDelivery(delivery, this.verification.secrets.length > 0 ? this.verification : undefined);
    const label = `${exchange.method} ${exchange.url} ${event} -> ${status}`;
    return this.tally.add({ kind: 'graded', operationId: `delivery ${printable(event, 60)}`, status, baseline: false, findings }, label, exchange.finishedAt);
  }
}
