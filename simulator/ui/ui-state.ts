import type { SimulatorApi } from '../simulator-api.js';
import type { DeliveryRecord } from '../types.js';
import { phoneOf, toMessageView } from './message-view.js';
import type { MessageView } from './message-view.js';

/** A virtual phone in the list: its number, how many messages it has and when the last one was made. */
export interface PhoneSummary {
  number: string;
  messages: number;
  last_at: string | null;
}

/** A webhook attempt as the page shows it; the URL keeps only origin and path (a query may hold a token). */
export interface DeliveryView {
  id: string;
  event: string;
  status_code: number | null;
  delivered_at: string;
  target: string;
  test: boolean | null;
}

/** How many recent webhook attempts the page can show after a reload. */
export const DELIVERY_LOG_SIZE = 50;

/** A URL without userinfo, query or fragment, safe to show (they may hold a token). */
export function safeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Turns a delivery event of the store into what the page shows. */
export function toDeliveryView(d: DeliveryRecord & { url: string }): DeliveryView {
  return { id: d.id, event: d.event, status_code: d.status_code, delivered_at: d.delivered_at, target: safeTarget(d.url), test: d.test };
}

/**
 * What the UI remembers beyond the store: phones added by hand, failure reasons (the Message
 * resource carries none, simulator/README) and a ring of recent webhook attempts (the simulator
 * URL's attempts are not stored as records).
 */
export class UiState {
  private readonly added: string[] = [];
  private readonly reasons = new Map<string, string>();
  private readonly log: DeliveryView[] = [];

  constructor(private readonly api: SimulatorApi) {
    // both subscriptions end when the reference stops (its store drops every listener)
    api.on('message.changed', (m) => {
      if (m.status === 'failed' && m.failure_reason) this.reasons.set(m.id, m.failure_reason);
    });
    api.on('delivery', (d) => {
      this.log.unshift(toDeliveryView(d));
      this.log.length = Math.min(this.log.length, DELIVERY_LOG_SIZE);
    });
  }

  /** Adds a phone by hand (number already checked); false when it was already listed. */
  addPhone(number: string): boolean {
    if (this.added.includes(number) || this.phones().some((p) => p.number === number)) return false;
    this.added.push(number);
    return true;
  }

  /** Phones in the order they first appeared: numbers seen in messages, then those added by hand. */
  phones(): PhoneSummary[] {
    const seen = new Map<string, PhoneSummary>();
    for (const m of this.api.listMessages().reverse()) {
      const number = phoneOf(m);
      const phone = seen.get(number) ?? { number, messages: 0, last_at: null };
      phone.messages++;
      phone.last_at = String(m.created_at);
      seen.set(number, phone);
    }
    for (const number of this.added) if (!seen.has(number)) seen.set(number, { number, messages: 0, last_at: null });
    return [...seen.values()];
  }

  /** Messages newest first, all or only those to or from `number`. */
  messages(number?: string): MessageView[] {
    return this.api.listMessages(number ? { number } : {}).map((m) => this.view(m));
  }

  /** A message for the page, with its failure reason when known. */
  view(m: Parameters<typeof toMessageView>[0]): MessageView {
    return toMessageView(m, this.reasons.get(m.id));
  }

  /** Recent webhook attempts, newest first. */
  deliveries(): DeliveryView[] {
    return [...this.log];
  }
}
