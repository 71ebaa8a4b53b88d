import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HarnessError } from '../../targets/harness-error.js';
import { checkConfig } from './options/config-values.js';
import type { ConformConfig } from './options/config-values.js';

export type { ConformConfig } from './options/config-values.js';

/**
 * Loads a config file (JSON, or a module whose default export is the object), expands ${ENV} in its strings and checks
 * it against the option table (keys are the flags in camelCase); `warn` gets the notes on deprecated keys.
 */
export async function loadConfigFile(path: string, env: NodeJS.ProcessEnv = process.env, warn?: (note: string) => void): Promise<ConformConfig> {
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
  return checkConfig(expandEnv(raw, env, path) as Record<string, unknown>, path, warn);
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
