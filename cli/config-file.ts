import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HarnessError } from '../targets/index.js';
import type { ConformArgs } from './args.js';

/** What a conform.config.json / .ts may set (the CLI's options in camelCase; flags win). */
export type ConformConfig = Partial<Omit<ConformArgs, 'config' | 'list' | 'help' | 'plan' | 'shard' | 'merge' | 'templates'>> & {
  /** The template catalogue: a file path, or the catalogue itself (README "Target conventions"). */
  templates?: string | Record<string, unknown> | unknown[];
};

const listKeys = ['suites', 'requirements', 'checks', 'reporters', 'faults', 'allowRecipients', 'failingRecipients'] as const;
const numberKeys = ['seed', 'runs', 'timeBudget', 'timeout', 'requestTimeout', 'maxRequests', 'concurrency', 'maxSends', 'receiverPort'] as const;
const stringKeys = [
  'target',
  'baseUrl',
  'apiKey',
  'starterApiKey',
  'rateLimitApiKey',
  'profile',
  'failOn',
  'out',
  'receiverUrl',
  'simulatorWebhookUrl',
  'compare',
  'compareBaseUrl',
  'compareProfile',
  'compareApiKey',
  'compareStarterApiKey',
  'compareRateLimitApiKey',
  'fixtureTemplate',
  'signatureScheme',
  'signatureHeader',
  'sharedSender',
] as const;
const booleanKeys = ['allowSend', 'allowRateLimitCheck'] as const;
// templates: a path or the catalogue object (checked when the run is resolved)
const knownKeys = new Set<string>([...listKeys, ...numberKeys, ...stringKeys, ...booleanKeys, 'templates']);

/** Loads a config file (JSON, or a module whose default export is the object) and expands ${ENV} in its strings. */
export async function loadConfigFile(path: string, env: NodeJS.ProcessEnv = process.env): Promise<ConformConfig> {
  const file = resolve(path);
  let raw: unknown;
  try {
    raw = /\.(c|m)?[jt]s$/.test(file)
      ? ((await import(pathToFileURL(file).href)) as { default?: unknown }).default
      : (JSON.parse(await readFile(file, 'utf8')) as unknown);
  } catch (error) {
    throw new HarnessError('CONFIG', `Could not load the config file ${path}: ${(error as Error).message}. Fix the file or the --config path.`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HarnessError('CONFIG', `The config file ${path} must hold an object (JSON object or default export).`);
  }
  const expanded = expandEnv(raw, env, path) as Record<string, unknown>;
  for (const [key, value] of Object.entries(expanded)) {
    if (!knownKeys.has(key)) throw new HarnessError('CONFIG', `Unknown key "${key}" in ${path}: use ${[...knownKeys].join(', ')}.`);
    const bad =
      ((listKeys as readonly string[]).includes(key) && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) ||
      ((numberKeys as readonly string[]).includes(key) && typeof value !== 'number') ||
      ((stringKeys as readonly string[]).includes(key) && typeof value !== 'string') ||
      ((booleanKeys as readonly string[]).includes(key) && typeof value !== 'boolean');
    if (bad) throw new HarnessError('CONFIG', `Key "${key}" in ${path} has the wrong type (${JSON.stringify(value)}).`);
  }
  return expanded as ConformConfig;
}

/** Replaces ${NAME} in every string of a JSON-like value; an unset variable is a CONFIG error. */
export function expandEnv(value: unknown, env: NodeJS.ProcessEnv, where = 'the config'): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const found = env[name];
      if (found === undefined) throw new HarnessError('CONFIG', `${where} uses \${${name}} but ${name} is not set: export it or remove the reference.`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item) => expandEnv(item, env, where));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandEnv(item, env, where)]));
  }
  return value;
}
