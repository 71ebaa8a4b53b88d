// The requests `npm run bench -- proxy` sends: an API client's through the proxy, a target's deliveries through the
// forwarder (signed as the reference signs them, so the forwarder verifies and grades them in full).
import { signers } from '../receiver/index.js';
import type { Workload } from './passive-rate.js';

/** The API key the bench clients send (learned and redacted by the proxy like any other). */
export const benchKey = 'bench-key-000000000001';
/** The webhook signing secret of the bench's deliveries (BENCH_SECRET of the forwarder process). */
export const benchSecret = `whsec_${'5e'.repeat(32)}`;

const apiHeaders = { 'x-api-key': benchKey };

/** A cheap GET (a message by id) and a full page of messages (limit 100, ~20 KB: grading's heaviest ordinary answer). */
export const apiWorkloads: readonly Workload[] = [
  { name: 'GET /v1/messages/{id}', request: { path: '/v1/messages/m_1', headers: apiHeaders } },
  { name: 'GET /v1/messages?limit=100', request: { path: '/v1/messages?limit=100', headers: apiHeaders } },
];

/** One signed message.delivered delivery (service scheme, DESIGN.md §4), valid for the forwarder's 300 s tolerance. */
export function signedDelivery(id = 1): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event: 'message.delivered', data: { id: `m_${id}` } });
  const t = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'service-event': 'message.delivered',
      'service-delivery-id': `d_${id}`,
      ...signers.service(body, benchSecret, t),
    },
  };
}

/** Deliveries as a workload (signed when the run starts: a bench run is far shorter than the tolerance). */
export function deliveryWorkload(): Workload {
  const { body, headers } = signedDelivery();
  return { name: 'POST delivery (signed)', request: { path: '/hooks/in', method: 'POST', headers, body } };
}
