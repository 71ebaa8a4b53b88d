/**
 * suites/model: the stateful model-based suite. fast-check draws sequences of sends (with and without
 * Idempotency-Key, replays), message reads and lists, webhook create/update/delete/rotate/test/list/deliveries and
 * user/me; after each step the target's answer is compared with an in-memory model of what the spec promises.
 */
import type { Check } from '../checks/index.js';
import { modelMust, modelShould } from './model-checks.js';

export { modelMust, modelShould } from './model-checks.js';
export { modelCommands } from './model-commands.js';
export type { ModelCommandsOptions } from './model-commands.js';
export { modelLevel, modelLevels } from './model-level.js';
export type { ModelLevel } from './model-level.js';
export { MessagingModel } from './model-state.js';
export { runModel } from './run-model.js';
export type { RunModelOptions } from './run-model.js';

/** The checks of the model suite. */
export const checks: readonly Check[] = [modelMust, modelShould];
