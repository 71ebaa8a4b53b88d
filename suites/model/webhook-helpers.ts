import type { ModelReal } from './model-real.js';
import type { MessagingModel } from './model-state.js';

/** The event kinds a webhook may subscribe to (spec §2.3, §6). */
export const webhookEvents = ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'] as const;

/** A signing secret as DESIGN.md §4 decides it: whsec_ and 64 hex digits. */
export const secretFormat = /^whsec_[0-9a-f]{64}$/;

/** The receiver path prefix under which a check's webhooks live. */
export function receiverPrefix(checkId: string): string {
  return `/${checkId.toLowerCase()}/`;
}

/** The receiver URL of one of this run's webhooks: unique to the check, the run and the label. */
export function webhookUrl(real: ModelReal, model: MessagingModel, label: string): string {
  return real.ctx.target.receiverUrl(`${receiverPrefix(real.ctx.check.id)}${model.nonce}/${label}`);
}

/** The secret fields an answer carries (spec §2.3: only create and rotate may carry them). */
export function secretFields(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return ['signing_secret', 'signing_secret_warning'].filter((field) => field in value);
}
