import { ModelCommand } from './model-command.js';
import type { ModelReal } from './model-real.js';
import { MessagingModel } from './model-state.js';
import type { ModelWebhook } from './model-state.js';

/** A step on one of this run's live webhooks, picked by a generated index (modulo how many are live). */
export abstract class LiveWebhookCommand extends ModelCommand {
  constructor(
    /** The step's name in the reproduction, e.g. rotateSecret. */
    readonly name: string,
    readonly webhookIndex: number,
  ) {
    super();
  }

  override check(model: Readonly<MessagingModel>): boolean {
    return model.live.length > 0;
  }

  toString(): string {
    return `${this.name}(webhook #${this.webhookIndex}${this.detail()})`;
  }

  protected override describe(model: MessagingModel): string {
    return `${this.name}(${MessagingModel.pick(model.live, this.webhookIndex).label}${this.detail()})`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    await this.applyTo(MessagingModel.pick(model.live, this.webhookIndex), model, real);
  }

  /** Extra arguments shown in the reproduction. */
  protected detail(): string {
    return '';
  }

  protected abstract applyTo(webhook: ModelWebhook, model: MessagingModel, real: ModelReal): Promise<void>;
}
