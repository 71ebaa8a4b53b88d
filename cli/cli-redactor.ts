import type { ConformArgs } from './args.js';

/** The API-key fields of flags or a config file (the config's other keys differ in type from the flags'). */
type KeySource = Partial<Pick<ConformArgs, 'apiKey' | 'starterApiKey' | 'rateLimitApiKey' | 'compareApiKey' | 'compareStarterApiKey' | 'compareRateLimitApiKey'>>;
import { Redactor } from '../targets/redact.js';

const keyKinds = ['', 'STARTER_', 'RATE_LIMIT_', 'COMPARE_', 'COMPARE_STARTER_', 'COMPARE_RATE_LIMIT_'];

/** A Redactor that knows every API key of the environment (CONFORM_*API_KEY) and of the given flags or config (DESIGN.md §5). */
export function cliRedactor(env: NodeJS.ProcessEnv, ...sources: KeySource[]): Redactor {
  const redactor = new Redactor(keyKinds.map((kind) => env[`CONFORM_${kind}API_KEY`]));
  for (const source of sources) addApiKeys(redactor, source);
  return redactor;
}

/** Teaches the redactor every API key the flags or the config file give, A's and B's. */
export function addApiKeys(redactor: Redactor, source: KeySource): void {
  for (const key of [source.apiKey, source.starterApiKey, source.rateLimitApiKey, source.compareApiKey, source.compareStarterApiKey, source.compareRateLimitApiKey]) {
    redactor.addSecret(key);
  }
}
