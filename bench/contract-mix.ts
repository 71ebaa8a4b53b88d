import type { Target } from '../targets/index.js';

/** One request of an autocannon sequence: its hooks read an answer and fill in the next request (autocannon 8). */
export interface MixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: MixRequest, context: Record<string, unknown>) => MixRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

/**
 * The operations the contract suites send, in about their proportions (a contract run: 29% message sends, 41% webhook
 * create/update/delete, 11% lists, 10% delivery reads), as one autocannon sequence per connection: send, template
 * send, webhook create, update, its deliveries, delete, list. Each connection deletes the webhook it made, so nothing
 * piles up (a replay of recorded requests did: every send then fanned out to every webhook). All valid requests.
 */
export function contractMix(target: Target): MixRequest[] {
  const headers = { 'content-type': 'application/json', 'x-api-key': target.keys.growth as string };
  const template = target.conventions.templates?.templates[0];
  const hook = (context: Record<string, unknown>) => `/v1/webhooks/${String(context.webhookId)}`;
  const webhookBody = JSON.stringify({ url: target.receiverUrl('/bench'), events: ['message.delivered'] });
  return [
    { method: 'POST', path: '/v1/messages', headers, body: JSON.stringify({ to: '+14155550100', from: '+14155550199', message: 'hello' }) },
    {
      method: 'POST',
      path: '/v1/messages/send-template',
      headers,
      body: JSON.stringify({ template: template?.id ?? 'welcome', to: '+14155550100', from: '+14155550199', data: template?.variables ?? {} }),
    },
    {
      method: 'POST',
      path: '/v1/webhooks',
      headers,
      body: webhookBody,
      onResponse: (_status, body, context) => {
        context.webhookId = (JSON.parse(body) as { id?: string }).id;
      },
    },
    { method: 'PUT', path: '/v1/webhooks/', headers, body: webhookBody, setupRequest: (request, context) => ({ ...request, path: hook(context) }) },
    { method: 'GET', path: '/v1/webhooks/', headers, setupRequest: (request, context) => ({ ...request, path: `${hook(context)}/deliveries` }) },
    { method: 'DELETE', path: '/v1/webhooks/', headers, setupRequest: (request, context) => ({ ...request, path: hook(context) }) },
    { method: 'GET', path: '/v1/messages?limit=20', headers },
  ];
}
