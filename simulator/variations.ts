import { ReferenceConfigError } from './errors.js';

/**
 * Conforming variations of the reference (issue 23): other readings of the spec that an implementation written by
 * someone else may make, each conforming. The harness must accept every one: no failure at any level. A test switches
 * each on (`variations: [id]`) and runs the default suites against it.
 */
export const variationCatalogue = [
  {
    id: 'first-attempt-network-failure',
    description: 'the first attempt of every event delivery fails at the network level (recorded, status_code null) and the retry succeeds',
  },
  { id: 'lists-oldest-first', description: 'GET /v1/messages lists the oldest message first' },
  { id: 'filtered-lists-by-id', description: 'GET /v1/messages with a status or direction filter lists in message id order (spec §4.1 states no order)' },
  {
    id: 'extra-fields',
    description:
      'messages, webhooks (last_delivery_at: moved by each attempt), records, pagination, payloads, test answers, errors and /v1/user/me carry extra fields',
  },
  { id: 'prefixed-message-ids', description: 'message ids are "msg_" and a UUID' },
  { id: 'offset-timestamps', description: 'every timestamp ends in +00:00 instead of Z' },
  { id: 'problem-json-errors', description: 'errors are RFC 7807 problem details (application/problem+json: type, title, status, detail)' },
  { id: 'status-advances-on-read', description: 'GET /v1/messages/{id} refreshes a message in flight: it moves one step on before the answer' },
  {
    id: 'signed-then-held',
    description: 'each delivery is signed when its event happens and sent 150 ms later at the earliest: it can be in flight across a rotation (spec §4.2)',
  },
  { id: 'second-precision-timestamps', description: 'timestamps have whole seconds (no fraction)' },
  {
    id: 'delivery-id-per-event',
    description: 'Service-Delivery-Id names the event, not the webhook: one event carries the same id at every webhook it goes to',
  },
  { id: 'clock-ahead', description: "the service's clock runs 40 s ahead of the harness's: every timestamp it stamps is 40 s later" },
  {
    id: 'delivered-at-send-time',
    description: "a delivery record's delivered_at is when its attempt was sent, not when the answer came (a slow receiver puts them far apart)",
  },
  {
    id: 'retry-committed-at-failure',
    description: 'a retry is committed when its attempt fails (the webhook still there): one owed before a DELETE is sent after it, in flight',
  },
  {
    id: 'records-by-second',
    description: 'delivery records carry delivered_at to the second; the log lists the newest second first and the records of one second by id',
  },
  {
    id: 'records-written-late',
    description: "each delivery record is written to the log 50 ms after its attempt ended (within the harness's recording margin), test sends' too",
  },
  { id: 'rotate-keeps-updated-at', description: 'rotate-secret leaves updated_at as it was (spec §4.2 does not say a rotation is an update)' },
  { id: 'list-local-time', description: "GET /v1/messages shows created_at in +02:00 with whole seconds (the same instant as GET by id's, another rendering)" },
  {
    id: 'chunked-close',
    description: 'every answer with a body is sent chunked (no Content-Length) and closes its connection (Connection: close)',
  },
  {
    id: 'canonical-webhooks',
    description:
      'webhooks show their events sorted and without repeats and their url in WHATWG form; event delivery records carry test: null; message ids are upper case',
  },
] as const;

/** A variation id of the catalogue. */
export type VariationId = (typeof variationCatalogue)[number]['id'];

/** The variations switched on, checked against the catalogue (an unknown id is a configuration error). */
export function resolveVariations(ids: readonly string[] = []): ReadonlySet<VariationId> {
  const known = new Set<string>(variationCatalogue.map((v) => v.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new ReferenceConfigError('unknown_variation', `unknown variation ${unknown.join(', ')}: use one of ${[...known].join(', ')}`);
  return new Set(ids as VariationId[]);
}

/** A timestamp as this reference writes it (RFC 3339: Z, or +00:00 and whole seconds when those variations are on). */
export function stamp(variations: ReadonlySet<VariationId>, ms: number): string {
  let text = new Date(variations.has('clock-ahead') ? ms + 40_000 : ms).toISOString();
  if (variations.has('second-precision-timestamps')) text = text.replace(/\.\d+Z$/, 'Z');
  if (variations.has('offset-timestamps')) text = text.replace(/Z$/, '+00:00');
  return text;
}
