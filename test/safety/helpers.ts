import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { profileFor, urlTarget } from '../../targets/index.js';
import type { Target } from '../../targets/index.js';

/** The recipient the tests "own" (--allow-recipient). */
export const ownNumber = '+14155550100';
/** A number the tests do not own. */
export const strangerNumber = '+14155550199';
export const sender = '+14155550111';

/** The reference in production mode on loopback, with one Growth key, that we can ask what it received. */
export interface ProductionReference {
  readonly server: ReferenceServer;
  readonly key: string;
  /** A url target with the production profile pointed at it. */
  target(): Target;
  /** Every message the reference holds (all pages). */
  messages(): Promise<{ id: string; to: string }[]>;
  /** Every webhook the reference holds for the key. */
  webhooks(): Promise<{ id: string }[]>;
  stop(): Promise<void>;
}

/** Starts the reference in production mode (webhook host resolves to a public address; deliveries never leave). */
export async function startProductionReference(options: { ratePerMinute?: number | null; rateLimitKey?: string } = {}): Promise<ProductionReference> {
  const key = `sk_live_safety_${Math.random().toString(36).slice(2)}`;
  const server = await startReference({
    mode: 'production',
    host: '127.0.0.1',
    port: 0,
    keys: {
      [key]: { tier: 'growth', ratePerMinute: options.ratePerMinute ?? null },
      ...(options.rateLimitKey ? { [options.rateLimitKey]: { tier: 'growth' as const, ratePerMinute: 100 } } : {}),
    },
    lifecycle: { stepMs: 5 },
    ui: false,
    // a public unicast address for the registration rule; no egress route, so no delivery opens a connection
    hosts: { 'hooks.conformance.example': ['93.184.216.34'] },
  });
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${server.url.replace(/\/+$/, '')}${path}`, { headers: { 'x-api-key': key } });
    return response.json();
  };
  return {
    server,
    key,
    target: () =>
      urlTarget(
        server.url,
        profileFor('production'),
        { growth: key, ...(options.rateLimitKey ? { rateLimit: options.rateLimitKey } : {}) },
        { name: 'production-on-loopback' },
      ),
    async messages() {
      const all: { id: string; to: string }[] = [];
      for (let page = 1; page <= 20; page++) {
        const body = (await get(`/v1/messages?limit=100&page=${page}`)) as { data: { id: string; to: string }[] };
        all.push(...body.data);
        if (body.data.length < 100) break;
      }
      return all;
    },
    async webhooks() {
      return (await get('/v1/webhooks')) as { id: string }[];
    },
    stop: () => server.stop(),
  };
}
