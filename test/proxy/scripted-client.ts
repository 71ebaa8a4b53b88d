// A scripted client of its own (plain fetch, not the harness): the traffic a team's SDK tests might send.

/** One answer as the script saw it. */
export interface Seen {
  readonly status: number;
  readonly json: unknown;
  readonly headers: Headers;
}

/** Sends one JSON request with the key to `base` (the proxy's URL). */
export async function call(base: string, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Seen> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers };
}

/** A day of a client's traffic over every operation: sends, a replay, a conflicting replay, lists, webhooks. */
export async function scriptedSession(base: string, key: string, hookOrigin: string): Promise<void> {
  const send = { to: '+14155550123', from: '+14155550100', message: 'hello from the proxy test' };
  await call(base, key, 'GET', '/v1/user/me');
  const first = await call(base, key, 'POST', '/v1/messages', send, { 'Idempotency-Key': 'order-1' });
  await call(base, key, 'POST', '/v1/messages', send, { 'Idempotency-Key': 'order-1' });
  await call(base, key, 'POST', '/v1/messages', { ...send, message: 'another text' }, { 'Idempotency-Key': 'order-1' });
  await call(base, key, 'POST', '/v1/messages/send-template', { template: 'otp-verify', to: '+14155550123', data: { code: '1234', company: 'Acme' } });
  await call(base, key, 'GET', '/v1/messages?limit=5');
  await call(base, key, 'GET', '/v1/messages?status=queued&direction=outbound');
  await call(base, key, 'GET', `/v1/messages/${(first.json as { id: string }).id}`);
  await call(base, key, 'GET', '/v1/messages/no-such-message');
  await call(base, key, 'POST', '/v1/messages', { ...send, message: 'x'.repeat(1601) });
  const hook = await call(base, key, 'POST', '/v1/webhooks', { url: `${hookOrigin}/hooks`, events: ['message.sent', 'message.delivered'] });
  const id = (hook.json as { id: string }).id;
  await call(base, key, 'GET', '/v1/webhooks');
  await call(base, key, 'PUT', `/v1/webhooks/${id}`, { url: `${hookOrigin}/hooks2`, events: ['message.failed'] });
  await call(base, key, 'GET', `/v1/webhooks/${id}/deliveries`);
  await call(base, key, 'POST', `/v1/webhooks/${id}/rotate-secret`);
  await call(base, key, 'DELETE', `/v1/webhooks/${id}`);
}
