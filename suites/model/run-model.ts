import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { ProfileName } from '../../targets/index.js';
import type { CaseScale, CheckContext, CheckCost } from '../checks/index.js';
import { CheckFailure, TargetError } from '../checks/index.js';
import { modelCommands, modelOperations } from './model-commands.js';
import type { ModelLevel } from './model-level.js';
import { modelLevel } from './model-level.js';
import { ModelReal } from './model-real.js';
import type { ModelStep } from './model-real.js';
import { MessagingModel } from './model-state.js';
import { formatReproduction, reproductionLines } from './reproduction.js';
import { receiverPrefix } from './webhook-helpers.js';

const receiverBodySize = 1500;

/** Options of a model run. */
export interface RunModelOptions {
  /** Sequences to try (default: ctx.runs / 5, between 1 and 20). */
  readonly numRuns?: number;
  /** Longest sequence (default 25; 12 on a production target, which keeps to 100 requests a minute). */
  readonly maxCommands?: number;
}

/** Sequences per run: --runs / 5, between 1 and 20. */
const modelSequences = (runs: number): number => Math.min(20, Math.max(1, Math.ceil(runs / 5)));
/** Longest sequence: 12 on a production target, which keeps to 100 requests a minute, else 25. */
const modelMaxCommands = (profile: ProfileName): number => (profile === 'production' ? 12 : 25);

/**
 * What a model check sends: fast-check draws sequence lengths up to maxCommands, about one request a step plus the
 * deletes of the webhooks it created; 5 of the 37 step weights are new sends.
 */
export function modelCost({ runs, profile }: CaseScale): CheckCost {
  // fast-check's first sequences are short: about 0.4 requests per step slot was measured (10 x 25 slots: 128)
  const slots = modelSequences(runs) * modelMaxCommands(profile);
  return { requests: Math.round(slots * 0.4), sends: Math.round((slots * 0.4 * 5) / 37) };
}

/**
 * Runs random command sequences against the target and the in-memory model through ctx.property (the run's seed,
 * shrinking, counterexample and curl of the failing exchange); a failure also carries the shortest failing sequence
 * as numbered steps. Every webhook a sequence creates is deleted when it ends.
 */
export async function runModel(ctx: CheckContext, level: ModelLevel, options: RunModelOptions = {}): Promise<void> {
  const enforced = modelLevel(level);
  const numRuns = options.numRuns ?? modelSequences(ctx.runs);
  const maxCommands = options.maxCommands ?? modelMaxCommands(ctx.profile.name);
  // fast-check's last failing run is its final, shrunk counterexample
  let failing: { steps: readonly ModelStep[]; error: unknown } | undefined;
  // answers longer than the 1000 characters a delivery record keeps (spec §2.4, §8), so the records show the cut
  const works = (operationId: string): boolean => !ctx.baseline.refusedValidInput(operationId);
  // a target that accepts no valid input of any operation leaves no step to draw (DESIGN.md §3: blocked, not errored)
  if (!modelOperations.some(works)) ctx.blockedBy(modelOperations, 'no operation a model sequence calls accepted valid input in this run');
  const prefix = receiverPrefix(ctx.check.id);
  ctx.receiver.respond(prefix, { bodySize: receiverBodySize });
  try {
    await ctx.property(
      `model sequences (${enforced})`,
      modelCommands({
        maxCommands,
        ...(ctx.http.allowedRecipients ? { recipients: ctx.http.allowedRecipients } : {}),
        works,
      }),
      async (commands) => {
        const model = new MessagingModel(randomBytes(6).toString('hex'));
        const real = new ModelReal(ctx, enforced);
        try {
          await fc.asyncModelRun(() => ({ model, real }), commands);
        } catch (error) {
          failing = { steps: real.steps, error };
          throw error;
        } finally {
          await deleteWebhooks(ctx, model);
        }
      },
      { numRuns },
    );
  } catch (error) {
    if (!failing || !(error instanceof CheckFailure || error instanceof TargetError)) throw error;
    const message = `${error.message}\n${formatReproduction(failing.steps, error.details)}`;
    // the failing step's exchange, not the clean-up's that ran after it, is the one to reproduce
    const cause = failing.error;
    const exchange = cause instanceof CheckFailure || cause instanceof TargetError ? cause.details.exchange : undefined;
    const details = { ...error.details, counterexample: reproductionLines(failing.steps), ...(exchange ? { exchange } : {}) };
    throw error instanceof CheckFailure ? new CheckFailure(message, details) : new TargetError(message, details);
  } finally {
    ctx.receiver.respond(prefix, undefined);
  }
  ctx.log(`model (${enforced}): ${numRuns} sequence(s) of up to ${maxCommands} steps agreed with the target`);
}

/** Deletes the sequence's live webhooks (every webhook a check creates is deleted by it); failures only logged. */
async function deleteWebhooks(ctx: CheckContext, model: MessagingModel): Promise<void> {
  for (const webhook of model.live.splice(0)) {
    const exchange = await ctx.http.request({ method: 'DELETE', path: `/v1/webhooks/${webhook.id}` });
    if (exchange.status === undefined || exchange.status >= 300) {
      ctx.log(`cleanup: deleting webhook ${webhook.label} answered ${exchange.status ?? exchange.error?.code ?? 'nothing'}`);
    }
  }
}
