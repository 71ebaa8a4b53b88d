import type { Handler } from './router.js';

/** The operations of the API (spec §4), named by their operationId in spec/openapi.yaml. */
export type OperationId =
  | 'listMessages'
  | 'sendMessage'
  | 'sendTemplateMessage'
  | 'getMessage'
  | 'listWebhooks'
  | 'createWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'testWebhook'
  | 'listWebhookDeliveries'
  | 'getCurrentUser';

/** Every operation's handler: a part a fault or a variation may wrap (simulator/around.ts). */
export type Operations = Record<OperationId, Handler>;

/** Where an operation is served: a method and a path pattern (`{name}` segments are parameters). */
export interface ApiRoute {
  method: string;
  path: string;
  operation: OperationId;
}

/** The API's routes (spec §4), a fresh list for each reference. */
export function apiRoutes(): ApiRoute[] {
  return [
    { method: 'GET', path: '/v1/messages', operation: 'listMessages' },
    { method: 'POST', path: '/v1/messages', operation: 'sendMessage' },
    { method: 'GET', path: '/v1/messages/{message_id}', operation: 'getMessage' },
    { method: 'POST', path: '/v1/messages/send-template', operation: 'sendTemplateMessage' },
    { method: 'GET', path: '/v1/webhooks', operation: 'listWebhooks' },
    { method: 'POST', path: '/v1/webhooks', operation: 'createWebhook' },
    { method: 'PUT', path: '/v1/webhooks/{id}', operation: 'updateWebhook' },
    { method: 'DELETE', path: '/v1/webhooks/{id}', operation: 'deleteWebhook' },
    { method: 'POST', path: '/v1/webhooks/{id}/test', operation: 'testWebhook' },
    { method: 'GET', path: '/v1/webhooks/{id}/deliveries', operation: 'listWebhookDeliveries' },
    { method: 'POST', path: '/v1/webhooks/{id}/rotate-secret', operation: 'rotateWebhookSecret' },
    { method: 'GET', path: '/v1/user/me', operation: 'getCurrentUser' },
  ];
}
