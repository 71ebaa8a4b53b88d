/** What a send carried (spec §4.1 POST /v1/messages body). */
export interface SendBody {
  readonly to: string;
  readonly from: string;
  readonly message: string;
}

/** A message this run created, as the spec promises it reads back (spec §2.1). */
export interface ModelMessage extends SendBody {
  readonly id: string;
  /** Label in the reproduction, e.g. m0. */
  readonly label: string;
}

/** The first answer to an Idempotency-Key, which a same-body retry must replay (spec §4.1). */
export interface ModelKey {
  readonly label: string;
  readonly value: string;
  readonly body: SendBody;
  readonly status: number;
  readonly json: unknown;
  readonly id: string;
}

/** A webhook this run created and has not deleted (spec §2.3). */
export interface ModelWebhook {
  readonly id: string;
  readonly label: string;
  url: string;
  events: string[];
  /** The current signing secret: only compared, never printed. */
  secret: string;
  /** Test sends made through POST /v1/webhooks/{id}/test. */
  tests: number;
}

/** The in-memory model of the target, restricted to what this run created (other checks run concurrently). */
export class MessagingModel {
  readonly messages: ModelMessage[] = [];
  readonly keys: ModelKey[] = [];
  readonly live: ModelWebhook[] = [];
  /** Labels and ids of webhooks deleted in this run. */
  readonly deleted: { id: string; label: string }[] = [];
  /** Every webhook id this run created. */
  readonly created = new Set<string>();
  /** Every signing secret seen in this run (WH-SECRET-UNIQUE). */
  readonly secrets = new Set<string>();
  private keyCount = 0;
  private webhookCount = 0;
  private updateCount = 0;

  constructor(
    /** A random tag of this run: Idempotency-Key values and receiver paths are unique to it. */
    readonly nonce: string,
  ) {}

  /** The message with this id, if this run created it. */
  message(id: string): ModelMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  addMessage(id: string, body: SendBody): ModelMessage {
    const message = { id, label: `m${this.messages.length}`, to: body.to, from: body.from, message: body.message };
    this.messages.push(message);
    return message;
  }

  /** A fresh Idempotency-Key value and its label (k0, k1 ...). */
  nextKey(): { label: string; value: string } {
    const n = this.keyCount++;
    return { label: `k${n}`, value: `model-${this.nonce}-k${n}` };
  }

  /** The label the next create will get. */
  peekWebhookLabel(): string {
    return `w${this.webhookCount}`;
  }

  /** A fresh webhook label (w0, w1 ...) for a create. */
  nextWebhookLabel(): string {
    return `w${this.webhookCount++}`;
  }

  /** A fresh suffix for an update's URL. */
  nextUpdateSuffix(): string {
    return `u${this.updateCount++}`;
  }

  /** Picks an item by a generated index (modulo the current count). */
  static pick<T>(items: readonly T[], index: number): T {
    return items[index % items.length] as T;
  }
}
