import { readFileSync } from 'node:fs';
import type { ReferenceOptions } from '../../simulator/index.js';

/** A bad simulator convention flag: the message says how to fix it. */
export class ConventionUsageError extends Error {}

/** The convention options, merged (cli/simulator/simulator-options.ts). */
type Values = { templates?: string | undefined; signatureScheme?: string | undefined; signatureHeader?: string | undefined };

/** The reference options of the convention flags and SIM_* variables (merged: flags win); the reference validates the values. */
export function simulatorConventions(values: Values): Pick<ReferenceOptions, 'templates' | 'signature'> {
  const { templates: file, signatureScheme: scheme, signatureHeader: header } = values;
  const signature = { ...(scheme ? { scheme: scheme as 'service' } : {}), ...(header ? { header } : {}) };
  return { ...(file ? { templates: readTemplates(file) } : {}), ...((scheme ?? header) ? { signature } : {}) };
}

/** Reads `{templates: [{id, variables: [names] | {name: example}, variants: {variant: text}}]}` (or the bare list). */
function readTemplates(file: string): NonNullable<ReferenceOptions['templates']> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConventionUsageError(`--templates ${file} cannot be read as JSON (${(err as Error).message})`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { templates?: unknown } | null)?.templates;
  if (!Array.isArray(list)) throw new ConventionUsageError(`--templates ${file} has no "templates" list: see docs/conventions.md`);
  return list.map((entry: { id?: unknown; variables?: unknown; variants?: unknown }) => {
    const variables = Array.isArray(entry?.variables) ? entry.variables : Object.keys((entry?.variables as object | undefined) ?? {});
    if (Array.isArray(entry?.variants))
      throw new ConventionUsageError(
        `--templates ${file}: template ${String(entry.id)} lists variant names only; the simulator needs {"variant": "text with {variable}"}`,
      );
    return { id: entry?.id as string, variables: variables as string[], variants: (entry?.variants ?? {}) as Record<string, string> };
  });
}
