import type fc from 'fast-check';
import type { MessagingModel } from './model-state.js';
import type { ModelReal } from './model-real.js';

/**
 * A step of the model: fast-check's AsyncCommand with a readable toString (the reproduction prints the shrunk
 * sequence) and a step entry in the run's log; `describe` may name what the step resolved to (m0, w1 ...).
 */
export abstract class ModelCommand implements fc.AsyncCommand<MessagingModel, ModelReal> {
  /** Whether the step can run in this model state (e.g. a get needs a message); default always. */
  check(_model: Readonly<MessagingModel>): boolean {
    return true;
  }

  async run(model: MessagingModel, real: ModelReal): Promise<void> {
    real.ctx.signal.throwIfAborted();
    real.step(this.describe(model));
    await this.apply(model, real);
  }

  /** The step as run in this model state (references resolved); default toString(). */
  protected describe(_model: MessagingModel): string {
    return this.toString();
  }

  /** Sends the request(s), compares the answer with the model and updates the model. */
  protected abstract apply(model: MessagingModel, real: ModelReal): Promise<void>;

  abstract toString(): string;
}
