import { sameEvents } from '../../rules/index.js';
import type { Exchange } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';

/** Fails when the secret's text, or a signing_secret/signing_secret_warning field, shows in the answer (spec §2.3). */
export function expectNoSecret(ctx: CheckContext, exchange: Exchange, secret: string, where: string): void {
  ctx.expect(!exchange.bodyText.includes(secret), `${where} shows the webhook's signing secret, which is returned only by create and rotate (spec §2.3)`, {
    exchange,
  });
  ctx.expect(
    !/"signing_secret(_warning)?"\s*:/.test(exchange.bodyText),
    `${where} carries signing_secret or signing_secret_warning (spec §2.3: only in create and rotate responses)`,
    { exchange },
  );
}

/** GET /v1/webhooks and its items (tolerantly also from a `data` array: WEBHOOK-LIST-HIDES-SECRET checks the shape). */
export async function listWebhooks(ctx: CheckContext): Promise<{ exchange: Exchange; items: Record<string, unknown>[] }> {
  const exchange = await ctx.http.request({ method: 'GET', path: '/v1/webhooks' });
  ctx.expectStatus(exchange, '2xx', 'listing webhooks', fixtureBreaks(ctx));
  const json = exchange.json as { data?: unknown } | undefined;
  const items = Array.isArray(json) ? json : Array.isArray(json?.data) ? json.data : undefined;
  ctx.expect(items !== undefined, 'GET /v1/webhooks answers no list of webhooks (spec §4.2)', { exchange, requirements: [ctx.cited ?? 'WH-LIST-BARE-ARRAY'] });
  return { exchange, items: items as Record<string, unknown>[] };
}

/** Fails unless the answer echoes the request's url and events. */
export function expectEcho(ctx: CheckContext, exchange: Exchange, url: string, events: readonly string[], what: string): void {
  const body = (exchange.json ?? {}) as { url?: unknown; events?: unknown };
  // the field it names: a check that reads only the webhook's id and secret still runs behind a wrong echo (issue 34)
  ctx.expect(body.url === url, `${what} answers url ${JSON.stringify(body.url)}, expected the request's ${url}`, { exchange, fields: ['url'] });
  ctx.expect(sameEvents(body.events, events), `${what} answers events ${JSON.stringify(body.events)}, expected ${JSON.stringify(events)}`, {
    exchange,
    fields: ['events'],
  });
}
