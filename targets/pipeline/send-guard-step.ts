import type { Exchange } from '../exchange.js';
import type { SendGuard, SendOutcome, SendTicket } from '../send-guard.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/**
 * The send guard and its ledger (DESIGN.md §5): refuses a send before anything is sent (SEND_NOT_ALLOWED,
 * RECIPIENT_NOT_ALLOWED, SEND_BUDGET_EXCEEDED), takes a --max-sends slot when admitted, and records the answer in
 * the ledger, which gives the slot back when the answer shows nothing was created (a 4xx, or a replay). One step,
 * because the slot it takes and the slot the answer gives back are one account. Clean-up requests are never sends.
 */
export class SendGuardStep implements RequestStep {
  private readonly tickets = new WeakMap<RequestCall, SendTicket>();

  constructor(private readonly guard: SendGuard) {}

  check(call: RequestCall): void {
    if (call.options.cleanup) return;
    const ticket = this.guard.decide(call.prepared.record.method, call.options.path, call.options.body);
    if (ticket) this.tickets.set(call, ticket);
  }

  admit(call: RequestCall): void {
    const ticket = this.tickets.get(call);
    if (ticket) this.guard.take(ticket);
  }

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    const exchange = await next(call);
    const ticket = this.tickets.get(call);
    if (ticket?.recipient !== undefined) this.guard.record({ operation: ticket.operation, recipient: ticket.recipient }, outcomeOf(exchange, call.scope.label));
    return exchange;
  }
}

/** What the ledger keeps of an answer: who sent, the tier, the status, the message id of a 2xx, the network error. */
function outcomeOf(exchange: Exchange, label: string | undefined): SendOutcome {
  const id = (exchange.json as { id?: unknown } | undefined)?.id;
  return {
    ...(label === undefined ? {} : { check: label }),
    tier: exchange.request.keyRole,
    ...(exchange.status === undefined ? {} : { status: exchange.status }),
    ...(typeof id === 'string' && exchange.status !== undefined && exchange.status < 300 ? { messageId: id } : {}),
    ...(exchange.error ? { error: exchange.error.code } : {}),
  };
}
