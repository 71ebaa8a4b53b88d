import { createHash } from 'node:crypto';
import type { ReferenceContext } from './context.js';
import type { Operations } from './http/api-routes.js';
import { jsonReply } from './http/reply.js';

/** A stable uuid-shaped id derived from text (the key itself never appears in answers). */
function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** GET /v1/user/me (spec §4.3; shape from DESIGN §4). */
export function userOperations(ref: ReferenceContext): Pick<Operations, 'getCurrentUser'> {
  return {
    getCurrentUser: (req) => {
      const id = uuidFrom(`user:${req.apiKey}`);
      const user: Record<string, unknown> = {
        id,
        email: `developer-${id.slice(0, 8)}@example.com`,
        name: req.tier === 'starter' ? 'Starter Developer' : 'Growth Developer',
        workspace_id: ref.workspaceId,
        created_at: ref.startedAt,
      };
      if (ref.options.variations.has('extra-fields')) user.plan = req.tier;
      return jsonReply(200, user);
    },
  };
}
