import type { Check } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { finalMessage } from './webhook-helpers.js';
import { failingRecipients } from './numbers.js';
import { sendMessage } from './scenario-helpers.js';

/**
 * DESIGN.md §4 status lifecycle: a message to a number on the target's failing-number list (a target convention,
 * --failing-recipient) ends with status failed. Read back by GET until terminal, so it needs no webhook.
 */
const failingRecipientFails = defineCheck({
  id: 'MESSAGE-FAILING-RECIPIENT-FAILS',
  title: 'a message to the target’s failing recipient ends with status failed',
  suite: 'scenarios/messages',
  requirements: ['MSG-FAILING-NUMBER'],
  level: 'should',
  needs: ['billable', 'failingRecipient'],
  uses: ['sendMessage', 'getMessage'],
  async run(ctx) {
    const to = failingRecipients(ctx.target)[0] as string;
    const id = await sendMessage(ctx, to);
    const message = await finalMessage(ctx, id);
    ctx.expect(message.status === 'failed', `the message to the failing recipient ${to} ended ${JSON.stringify(message.status)}, expected failed`);
  },
});

/** The failing-recipient scenario (DESIGN.md §4 status lifecycle). */
export const checks: readonly Check[] = [failingRecipientFails];
