import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Api } from './api.js';
import { sendReply } from './reply.js';
import type { VariationId } from '../variations.js';

/** The request listener of the API server: the Api answers, the reply is written unless the client has gone. */
export function createApiListener(api: Api, variations: ReadonlySet<VariationId>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void api.answer(req).then((reply) => {
      if (!res.headersSent && !res.destroyed) sendReply(res, reply, variations);
    });
  };
}
