import { randomBytes } from 'node:crypto';
import type { Answer, Delivery } from '../../receiver/index.js';
import type { WebhookEvent } from '../../spec/index.js';
import { HarnessError } from '../../targets/index.js';
import type { Exchange } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext, CheckIdentity } from '../checks/index.js';
import { arrivalsAt, waitForArrivals } from './webhook-helpers.js';

/** A webhook a check registered, with its one-shot secret (spec §4.2: returned exactly once). */
export interface CreatedWebhook {
  readonly id: string;
  readonly secret: string;
  /** The receiver path its deliveries arrive at. */
  readonly path: string;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly exchange: Exchange;
}

/** Every event kind a webhook may subscribe to (spec §2.3). */
export const allWebhookEvents: readonly WebhookEvent[] = ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'];

/**
 * True when the check declared that it creates webhooks: createWebhook in its `uses` (a fixture: it is blocked when
 * that operation's baseline did not pass), or createWebhook as its subject (its baseline, or a negative check of it).
 */
export function declaresCreateWebhook(check: Pick<CheckIdentity, 'uses' | 'baseline' | 'baselineFor'>): boolean {
  return check.uses?.includes('createWebhook') === true || check.baseline === 'createWebhook' || check.baselineFor === 'createWebhook';
}

/**
 * The webhooks and receiver answers of one check run: every webhook it creates (even one wrongly accepted) is
 * deleted and every answer rule removed by cleanup(), so checks sharing the target and the receiver never meet.
 */
export class WebhookFixture {
  private readonly ids = new Set<string>();
  private readonly answered = new Set<string>();
  private counter = 0;

  constructor(private readonly ctx: CheckContext) {}

  /** A receiver path of this check alone: /<check id>/<random>/<label>. */
  path(label = 'hook'): string {
    this.counter += 1;
    return `/${this.ctx.check.id.toLowerCase()}/${randomBytes(6).toString('hex')}-${this.counter}/${label}`;
  }

  /** The paths prefix every path of this check starts with. */
  get prefix(): string {
    return `/${this.ctx.check.id.toLowerCase()}/`;
  }

  /**
   * POST /v1/webhooks with any body; a created webhook is remembered for cleanup. Refused before sending (the check
   * errors, INVALID_CHECK) when the check did not declare createWebhook: undeclared, a target whose create does not work
   * would fail it instead of blocking it (DESIGN.md §3 "Test whatever exists"), as attribution refuses an undeclared requirement.
   */
  async register(body: unknown): Promise<Exchange> {
    if (!declaresCreateWebhook(this.ctx.check)) {
      throw new HarnessError(
        'INVALID_CHECK',
        `Check ${this.ctx.check.id} creates a webhook (POST /v1/webhooks) without declaring it: add uses: ['createWebhook'] (or define it with defineWebhookCheck), so a target whose create does not work blocks it instead of failing it.`,
      );
    }
    const exchange = await this.ctx.http.request({ method: 'POST', path: '/v1/webhooks', body });
    this.remember(exchange);
    return exchange;
  }

  /** PUT /v1/webhooks/{id} with any body. */
  update(id: string, body: unknown): Promise<Exchange> {
    return this.ctx.http.request({ method: 'PUT', path: `/v1/webhooks/${id}`, body });
  }

  /** Registers a valid webhook at a fresh receiver path; fails the check when the target refuses it. */
  async create(events: readonly WebhookEvent[] = allWebhookEvents, path = this.path()): Promise<CreatedWebhook> {
    const url = this.ctx.target.receiverUrl(path);
    const exchange = await this.register({ url, events });
    this.ctx.expectStatus(exchange, '2xx', `creating a valid webhook (${url})`, fixtureBreaks(this.ctx));
    const body = exchange.json as { id?: unknown; signing_secret?: unknown } | undefined;
    if (typeof body?.id !== 'string' || typeof body.signing_secret !== 'string') {
      this.ctx.fail('creating a valid webhook: the answer carries no string id and signing_secret (spec §4.2)', {
        exchange,
        requirements: [this.ctx.cited ?? 'WH-CREATE-RESPONSE'],
      });
    }
    return { id: body.id, secret: body.signing_secret, path, url, events, exchange };
  }

  /** POST /v1/webhooks/{id}/test without a body. */
  test(id: string): Promise<Exchange> {
    return this.ctx.http.request({ method: 'POST', path: `/v1/webhooks/${id}/test` });
  }

  /**
   * A test send (spec §4.2) that must answer 2xx, and the delivery it caused at the hook's path, or at any of `paths`
   * (a webhook a PUT moved: where it arrived is the history rules' to judge, test-routing.ts).
   */
  async testSend(hook: CreatedWebhook, paths: readonly string[] = [hook.path]): Promise<{ exchange: Exchange; delivery: Delivery }> {
    const at = (d: Delivery): boolean => paths.includes(d.path);
    const before = paths.reduce((count, path) => count + arrivalsAt(this.ctx, path).length, 0);
    const exchange = await this.test(hook.id);
    this.ctx.expectStatus(exchange, '2xx', 'POST /v1/webhooks/{id}/test', fixtureBreaks(this.ctx));
    const arrived = await waitForArrivals(this.ctx, 'the test delivery', at, {
      count: before + 1,
      breaks: this.ctx.cited ?? 'WH-TEST-SENDS-PAYLOAD',
    });
    return { exchange, delivery: arrived[before] as Delivery };
  }

  /** Programs the receiver's answer for a path of this check (removed again by cleanup). */
  respond(path: string, answer: Answer): void {
    this.ctx.receiver.respond(path, answer);
    this.answered.add(path);
  }

  /** Forgets a webhook the check deleted itself. */
  forget(id: string): void {
    this.ids.delete(id);
  }

  /** Deletes every webhook this check created and removes its receiver answers; never throws. */
  async cleanup(): Promise<void> {
    for (const path of this.answered) this.ctx.receiver.respond(path, undefined);
    // at once: each is its own webhook, and a check with a dozen of them need not wait a dozen round trips
    await Promise.all([...this.ids].map((id) => this.ctx.http.request({ method: 'DELETE', path: `/v1/webhooks/${id}` }).catch(() => undefined)));
    this.ids.clear();
  }

  private remember(exchange: Exchange): void {
    const id = (exchange.json as { id?: unknown } | undefined)?.id;
    if (exchange.status !== undefined && exchange.status < 300 && typeof id === 'string') this.ids.add(id);
  }
}

/** Runs `work` with a fixture and always cleans up after it. */
export async function withWebhooks<T>(ctx: CheckContext, work: (hooks: WebhookFixture) => Promise<T>): Promise<T> {
  const hooks = new WebhookFixture(ctx);
  try {
    return await work(hooks);
  } finally {
    await hooks.cleanup();
  }
}
