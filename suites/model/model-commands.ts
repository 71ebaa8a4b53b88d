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
  /**
   * False for an operation the run found not accepting valid input (its positive baseline: a route missing): its
   * steps are left out, so the sequences still test every other operation (DESIGN.md §3). Default: every one works.
   */
  readonly works?: (operationId: string) => boolean;
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

/** The contract operation each step of an unknown webhook's id calls (UnknownWebhook). */
const idOperationIds: Readonly<Record<(typeof webhookIdOperations)[number], string>> = {
  update: 'updateWebhook',
  delete: 'deleteWebhook',
  rotate: 'rotateWebhookSecret',
  test: 'testWebhook',
  deliveries: 'listWebhookDeliveries',
};

/** The contract operations the steps call, in the order the engine names a block (the sends first). */
export const modelOperations = [
  'sendMessage',
  'getMessage',
  'listMessages',
  'createWebhook',
  'updateWebhook',
  'deleteWebhook',
  'rotateWebhookSecret',
  'testWebhook',
  'listWebhookDeliveries',
  'listWebhooks',
  'getCurrentUser',
] as const;

/**
 * The weighted steps a sequence is drawn from: sends (of these bodies) and reads of messages, webhook management,
 * user/me; each with the contract operation it calls, so a run leaves out the operations `works` says do not work.
 */
const stepOf = (body: fc.Arbitrary<{ to: string; from: string; message: string }>, works: (operationId: string) => boolean): fc.Arbitrary<ModelCommand> => {
  const idOperations = webhookIdOperations.filter((op) => works(idOperationIds[op]));
  const steps: { operation: (typeof modelOperations)[number]; weight: number; arbitrary: fc.Arbitrary<ModelCommand> }[] = [
    { operation: 'sendMessage', weight: 5, arbitrary: fc.tuple(body, fc.boolean(), fc.boolean()).map(([b, k1, k2]) => new SendMessage(b, k1 || k2)) },
    { operation: 'sendMessage', weight: 4, arbitrary: fc.tuple(ref, fc.option(text, { freq: 2 })).map(([k, other]) => new ReplaySend(k, other ?? undefined)) },
    { operation: 'getMessage', weight: 3, arbitrary: ref.map((i) => new GetMessage(i)) },
    { operation: 'getMessage', weight: 1, arbitrary: fc.constant(new GetUnknownMessage()) },
    { operation: 'listMessages', weight: 2, arbitrary: listQuery.map((q) => new ListMessages(q)) },
    { operation: 'listMessages', weight: 1, arbitrary: fc.constant(new FindOwnMessages()) },
    { operation: 'createWebhook', weight: 3, arbitrary: events.map((e) => new CreateWebhook(e)) },
    { operation: 'updateWebhook', weight: 2, arbitrary: fc.tuple(ref, events).map(([i, e]) => new UpdateWebhook(i, e)) },
    { operation: 'deleteWebhook', weight: 2, arbitrary: ref.map((i) => new DeleteWebhook(i)) },
    { operation: 'rotateWebhookSecret', weight: 2, arbitrary: ref.map((i) => new RotateSecret(i)) },
    { operation: 'testWebhook', weight: 2, arbitrary: ref.map((i) => new TestWebhook(i)) },
    { operation: 'listWebhookDeliveries', weight: 2, arbitrary: ref.map((i) => new ListDeliveries(i)) },
    { operation: 'listWebhooks', weight: 2, arbitrary: fc.constant(new ListWebhooks()) },
    ...(idOperations.length === 0
      ? []
      : [
          {
            operation: 'createWebhook' as const,
            weight: 2,
            arbitrary: fc
              .tuple(fc.constantFrom(...idOperations), fc.constantFrom('deleted' as const, 'never-created' as const), ref)
              .map(([op, which, i]) => new UnknownWebhook(op, which, i)),
          },
        ]),
    { operation: 'getCurrentUser', weight: 1, arbitrary: fc.constant(new UserMe()) },
  ];
  const working = steps.filter((step) => works(step.operation));
  // fc.oneof of nothing throws: a caller asks modelOperations.some(works) first (runModel blocks the check)
  if (working.length === 0) throw new Error('modelCommands: no operation works (check modelOperations first)');
  return fc.oneof(...working.map(({ weight, arbitrary }) => ({ weight, arbitrary })));
};

/** Random command sequences over the model (fast-check shrinks a failing one to its shortest form). */
export function modelCommands(options: ModelCommandsOptions = {}): fc.Arbitrary<Iterable<fc.AsyncCommand<MessagingModel, ModelReal>>> {
  const recipients = options.recipients && options.recipients.length > 0 ? { allowList: options.recipients } : {};
  const body = fc.record({ to: e164Arbitrary(recipients), from: e164Arbitrary(), message: text });
  return fc.commands([stepOf(body, options.works ?? (() => true))], { maxCommands: options.maxCommands ?? 25, size: 'max' });
}
