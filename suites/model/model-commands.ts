import fc from 'fast-check';
import { e164Arbitrary, messageTextArbitrary } from '../arbitraries/index.js';
import { CreateWebhook } from './commands/create-webhook.js';
import { DeleteWebhook } from './commands/delete-webhook.js';
import { FindOwnMessages } from './commands/find-own-messages.js';
import { GetMessage } from './commands/get-message.js';
import { GetUnknownMessage } from './commands/get-unknown-message.js';
import { ListDeliveries } from './commands/list-deliveries.js';
import { ListMessages } from './commands/list-messages.js';
import { ListWebhooks } from './commands/list-webhooks.js';
import { ReplaySend } from './commands/replay-send.js';
import { RotateSecret } from './commands/rotate-secret.js';
import { SendMessage } from './commands/send-message.js';
import { TestWebhook } from './commands/test-webhook.js';
import { UnknownWebhook, webhookIdOperations } from './commands/unknown-webhook.js';
import { UpdateWebhook } from './commands/update-webhook.js';
import { UserMe } from './commands/user-me.js';
import type { ModelCommand } from './model-command.js';
import type { ModelReal } from './model-real.js';
import type { MessagingModel } from './model-state.js';
import { webhookEvents } from './webhook-helpers.js';

/** Options of the command sequences. */
export interface ModelCommandsOptions {
  /** Longest sequence (default 25). */
  readonly maxCommands?: number;
  /** Draw every recipient from these (a guarded target's --allow-recipient, DESIGN.md §5); default any E.164 number. */
  readonly recipients?: readonly string[];
}

const ref = fc.nat({ max: 7 });
const text = messageTextArbitrary({ minLength: 1, maxLength: 40 });
const events = fc.subarray([...webhookEvents], { minLength: 1 });
const messageStatuses = ['queued', 'pending', 'sent', 'delivered', 'failed'] as const;
const listQuery = fc.record(
  {
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.integer({ min: 1, max: 100 }),
    status: fc.constantFrom(...messageStatuses),
    direction: fc.constantFrom('inbound', 'outbound'),
  },
  { requiredKeys: [] },
);

/** The weighted steps a sequence is drawn from: sends (of these bodies) and reads of messages, webhook management, user/me. */
const stepOf = (body: fc.Arbitrary<{ to: string; from: string; message: string }>): fc.Arbitrary<ModelCommand> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.tuple(body, fc.boolean(), fc.boolean()).map(([b, k1, k2]) => new SendMessage(b, k1 || k2)) },
    { weight: 4, arbitrary: fc.tuple(ref, fc.option(text, { freq: 2 })).map(([k, other]) => new ReplaySend(k, other ?? undefined)) },
    { weight: 3, arbitrary: ref.map((i) => new GetMessage(i)) },
    { weight: 1, arbitrary: fc.constant(new GetUnknownMessage()) },
    { weight: 2, arbitrary: listQuery.map((q) => new ListMessages(q)) },
    { weight: 1, arbitrary: fc.constant(new FindOwnMessages()) },
    { weight: 3, arbitrary: events.map((e) => new CreateWebhook(e)) },
    { weight: 2, arbitrary: fc.tuple(ref, events).map(([i, e]) => new UpdateWebhook(i, e)) },
    { weight: 2, arbitrary: ref.map((i) => new DeleteWebhook(i)) },
    { weight: 2, arbitrary: ref.map((i) => new RotateSecret(i)) },
    { weight: 2, arbitrary: ref.map((i) => new TestWebhook(i)) },
    { weight: 2, arbitrary: ref.map((i) => new ListDeliveries(i)) },
    { weight: 2, arbitrary: fc.constant(new ListWebhooks()) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...webhookIdOperations), fc.constantFrom('deleted' as const, 'never-created' as const), ref)
        .map(([op, which, i]) => new UnknownWebhook(op, which, i)),
    },
    { weight: 1, arbitrary: fc.constant(new UserMe()) },
  );

/** Random command sequences over the model (fast-check shrinks a failing one to its shortest form). */
export function modelCommands(options: ModelCommandsOptions = {}): fc.Arbitrary<Iterable<fc.AsyncCommand<MessagingModel, ModelReal>>> {
  const recipients = options.recipients && options.recipients.length > 0 ? { allowList: options.recipients } : {};
  const body = fc.record({ to: e164Arbitrary(recipients), from: e164Arbitrary(), message: text });
  return fc.commands([stepOf(body)], { maxCommands: options.maxCommands ?? 25, size: 'max' });
}
