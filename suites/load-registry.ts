/**
 * The suite modules and the registry made of them: a file of its own so the engine loads it (lazily) without importing
 * suites/index.ts, which re-exports the engine (that import closed a cycle).
 */
import { HarnessError } from '../targets/index.js';
import type { Check, CheckRegistryOptions } from './checks/index.js';
import { CheckRegistry } from './checks/index.js';

/** The suite modules, relative to this file; each exports `checks`. */
export const suiteModules: readonly string[] = [
  './checks/builtin/index.js',
  './contract/index.js',
  './model/index.js',
  './scenarios/webhook-suites.js',
  './scenarios/one-webhook-url.js',
  './scenarios/inbound-messages.js',
  './scenarios/failing-recipient.js',
  './scenarios/recorded-answers.js',
  './scenarios/idempotency.js',
  './scenarios/tiers.js',
  './scenarios/templates.js',
  './scenarios/pagination.js',
  './scenarios/auth.js',
  './scenarios/rate-limit.js',
  './scenarios/simulator-paths.js',
  './scenarios/round-trip-checks.js',
  './scenarios/dialect-names.js',
  './history/index.js',
];

/** A registry holding the checks of every suite module (or of the given modules). */
export async function loadRegistry(modules: readonly string[] = suiteModules, options: CheckRegistryOptions = {}): Promise<CheckRegistry> {
  const registry = new CheckRegistry(options);
  for (const specifier of modules) {
    const loaded = (await import(specifier)) as { checks?: unknown };
    if (!Array.isArray(loaded.checks)) {
      throw new HarnessError('SUITE_MODULE', `Suite module ${specifier} does not export "checks": export an array of defineCheck(...) results.`);
    }
    registry.register(...(loaded.checks as readonly Check[]));
  }
  return registry;
}
