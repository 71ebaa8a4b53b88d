import type { Check } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { findMessages } from './pagination-walk.js';
import { isMine, send, sendBody, sendKindsFor, sentMessage, sendOperations, uniqueToken } from './scenario-helpers.js';

/** spec §1, §4.1: a sent message can be read back through the list, at once (no "eventually" in the spec). */
const containsCreated = defineCheck({
  id: 'PAGINATION-SCENARIO-CONTAINS-CREATED',
  title: 'a message just sent with either send operation is in GET /v1/messages, once, with its id',
  suite: 'scenarios/pagination',
  requirements: ['MSG-LIST-CONTAINS-CREATED', 'MSG-ID-UNIQUE'],
  level: 'must',
  needs: ['billable'],
  async run(ctx) {
    const answered = new Set<unknown>();
    for (const kind of sendKindsFor(ctx)) {
      const token = uniqueToken();
      const body = sendBody(ctx, kind, token);
      const sent = await send(ctx, kind, body);
      // without an id in the answer there is nothing to look for: that fails MSG-FIELDS-REQUIRED, not the list
      const { id } = sentMessage(ctx, sent, `${sendOperations[kind].label} of the message to look for`);
      // two messages under one id: finding that id in the list proves nothing (issue 34: a stateless mock answers
      // every send with the same example, and its list shows that example)
      ctx.expect(!answered.has(id), `${sendOperations[kind].label} answered id ${String(id)}, the id of the message sent before it`, {
        exchange: sent,
        requirements: ['MSG-ID-UNIQUE'],
      });
      answered.add(id);
      const listed = await findMessages(ctx, isMine(token, body.to, new Set([id])), 'growth', sent);
      ctx.expect(
        listed.length === 1 && listed[0]?.id === id,
        `the message ${String(id)} sent with ${sendOperations[kind].label} is listed ${listed.length} time(s)${listed[0] && listed[0].id !== id ? ` with id ${String(listed[0].id)}` : ''}`,
        { exchange: sent, requirements: ['MSG-LIST-CONTAINS-CREATED'] },
      );
    }
  },
});

/** The read-back scenario of the list (spec §4.1). */
export const checks: readonly Check[] = [containsCreated];
