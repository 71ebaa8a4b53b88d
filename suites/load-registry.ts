/**
 * The suite modules and the registry made of them: a file of its own so the engine loads it (lazily) without importing
 * suites/index.ts, which re-exports the engine (that import closed a cycle).
 */
import { HarnessError } from '../targets/index.js';
import type { Check, CheckRegistryOptions } from './checks/index.js';
import { CheckRegistry } from './checks/index.js';
import * as builtin from './checks/builtin/index.js';
import * as contract from './contract/index.js';
import * as model from './model/index.js';
import * as webhookSuites from './scenarios/webhook-suites.js';
import * as oneWebhookUrl from './scenarios/one-webhook-url.js';
import * as inboundMessages from './scenarios/inbound-messages.js';
import * as failingRecipient from './scenarios/failing-recipient.js';
import * as recordedAnswers from './scenarios/recorded-answers.js';
import * as idempotency from './scenarios/idempotency.js';
import * as tiers from './scenarios/tiers.js';
import * as templates from './scenarios/templates.js';
import * as pagination from './scenarios/pagination.js';
import * as auth from './scenarios/auth.js';
import * as rateLimit from './scenarios/rate-limit.js';
import * as simulatorPaths from './scenarios/simulator-paths.js';
import * as roundTripChecks from './scenarios/round-trip-checks.js';
import * as dialectNames from './scenarios/dialect-names.js';
import * as dialectPayloads from './scenarios/dialect-payloads.js';
import * as history from './history/index.js';

/**
 * The suite modules, relative to this file; each exports `checks`. Imported statically, not one `import()` each: this
 * file is itself loaded only when checks are (run-conformance.ts, run-cli.ts), and every registry loads them all, so
 * the compiled command reads them with this file instead of in 18 sequential round trips of the module loader
 * (issue 28: ~20 ms of a `--list`; scripts/compile.mjs bundles what a static import reaches into fewer chunks).
 */
const suites: Readonly<Record<string, { readonly checks?: unknown }>> = {
  './checks/builtin/index.js': builtin,
  './contract/index.js': contract,
  './model/index.js': model,
  './scenarios/webhook-suites.js': webhookSuites,
  './scenarios/one-webhook-url.js': oneWebhookUrl,
  './scenarios/inbound-messages.js': inboundMessages,
  './scenarios/failing-recipient.js': failingRecipient,
  './scenarios/recorded-answers.js': recordedAnswers,
  './scenarios/idempotency.js': idempotency,
  './scenarios/tiers.js': tiers,
  './scenarios/templates.js': templates,
  './scenarios/pagination.js': pagination,
  './scenarios/auth.js': auth,
  './scenarios/rate-limit.js': rateLimit,
  './scenarios/simulator-paths.js': simulatorPaths,
  './scenarios/round-trip-checks.js': roundTripChecks,
  './scenarios/dialect-names.js': dialectNames,
  './scenarios/dialect-payloads.js': dialectPayloads,
  './history/index.js': history,
};

/** The suite modules, relative to this file; each exports `checks`. */
export const suiteModules: readonly string[] = Object.keys(suites);

/** A registry holding the checks of every suite module (or of the given modules: another specifier is imported). */
export async function loadRegistry(modules: readonly string[] = suiteModules, options: CheckRegistryOptions = {}): Promise<CheckRegistry> {
  const registry = new CheckRegistry(options);
  for (const specifier of modules) {
    const loaded = suites[specifier] ?? ((await import(specifier)) as { checks?: unknown });
    if (!Array.isArray(loaded.checks)) {
      throw new HarnessError('SUITE_MODULE', `Suite module ${specifier} does not export "checks": export an array of defineCheck(...) results.`);
    }
    registry.register(...(loaded.checks as readonly Check[]));
  }
  return registry;
}
