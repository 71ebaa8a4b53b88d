/**
 * The suite modules and the registry made of them: a file of its own so the engine loads it (lazily) without importing
 * suites/index.ts, which re-exports the engine (that import closed a cycle).
 */
import { HarnessError } from '../targets/index.js';
import type { Check, CheckRegistryOptions } from './checks/index.js';
import { CheckRegistry } from './checks/index.js';

/**
 * The suite modules, relative to this file, each with its loader; each exports `checks`. Written out as imports so a
 * bundler follows them (scripts/compile.mjs: the compiled commands).
 */
const suiteLoaders: Readonly<Record<string, () => Promise<unknown>>> = {
  './checks/builtin/index.js': () => import('./checks/builtin/index.js'),
  './contract/index.js': () => import('./contract/index.js'),
  './model/index.js': () => import('./model/index.js'),
  './scenarios/webhook-suites.js': () => import('./scenarios/webhook-suites.js'),
  './scenarios/one-webhook-url.js': () => import('./scenarios/one-webhook-url.js'),
  './scenarios/inbound-messages.js': () => import('./scenarios/inbound-messages.js'),
  './scenarios/failing-recipient.js': () => import('./scenarios/failing-recipient.js'),
  './scenarios/recorded-answers.js': () => import('./scenarios/recorded-answers.js'),
  './scenarios/idempotency.js': () => import('./scenarios/idempotency.js'),
  './scenarios/tiers.js': () => import('./scenarios/tiers.js'),
  './scenarios/templates.js': () => import('./scenarios/templates.js'),
  './scenarios/pagination.js': () => import('./scenarios/pagination.js'),
  './scenarios/auth.js': () => import('./scenarios/auth.js'),
  './scenarios/rate-limit.js': () => import('./scenarios/rate-limit.js'),
  './scenarios/simulator-paths.js': () => import('./scenarios/simulator-paths.js'),
  './scenarios/round-trip-checks.js': () => import('./scenarios/round-trip-checks.js'),
  './scenarios/dialect-names.js': () => import('./scenarios/dialect-names.js'),
  './history/index.js': () => import('./history/index.js'),
};

/** The suite modules, relative to this file; each exports `checks`. */
export const suiteModules: readonly string[] = Object.keys(suiteLoaders);

/** A registry holding the checks of every suite module (or of the given modules). */
export async function loadRegistry(modules: readonly string[] = suiteModules, options: CheckRegistryOptions = {}): Promise<CheckRegistry> {
  const registry = new CheckRegistry(options);
  for (const specifier of modules) {
    const loaded = (await (suiteLoaders[specifier]?.() ?? import(specifier))) as { checks?: unknown };
    if (!Array.isArray(loaded.checks)) {
      throw new HarnessError('SUITE_MODULE', `Suite module ${specifier} does not export "checks": export an array of defineCheck(...) results.`);
    }
    registry.register(...(loaded.checks as readonly Check[]));
  }
  return registry;
}
