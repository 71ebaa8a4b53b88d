import { HarnessError } from './harness-error.js';
import type { TemplateCatalogue, TemplateConvention } from './target-conventions.js';

/** The placeholder in a variable's value that the checks replace with their unique token (to find their messages). */
export const tokenPlaceholder = '{token}';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '');

/**
 * Reads a template catalogue (the `--templates` file or the config's `templates` object):
 * `{ "fixture": "<id>", "templates": [{ "id", "variables": {name: value} | [names], "variants": {variant: text} | [names] }] }`.
 * `fixture` (or `fixtureOverride`, from --fixture-template) defaults to the first template. A variable given by name only
 * is sent as `Conform {token}`. The fixture template must carry {token} in a variable, so checks can find their messages.
 */
export function parseTemplateCatalogue(value: unknown, where: string, fixtureOverride?: string): TemplateCatalogue {
  const fail = (why: string): never => {
    throw new HarnessError(
      'CONFIG',
      `The template catalogue in ${where} ${why}. Expected {"fixture": "<id>", "templates": [{"id": "...", "variables": {"name": "value with {token}"}, "variants": ["en"]}]} (docs/conventions.md).`,
    );
  };
  const root: unknown = Array.isArray(value) ? { templates: value } : value;
  if (!isRecord(root) || !Array.isArray(root.templates) || root.templates.length === 0) return fail('has no "templates" list');
  const templates = (root.templates as unknown[]).map((entry, index): TemplateConvention => {
    if (!isRecord(entry) || typeof entry.id !== 'string' || entry.id === '') return fail(`has a template #${index} without a string "id"`);
    const id = entry.id;
    const variables = entry.variables ?? {};
    let named: Record<string, string>;
    if (isStringList(variables)) named = Object.fromEntries(variables.map((name) => [name, `Conform ${tokenPlaceholder}`]));
    else if (isRecord(variables) && Object.values(variables).every((v) => typeof v === 'string')) named = variables as Record<string, string>;
    else return fail(`gives template ${id} "variables" that are neither a list of names nor an object of strings`);
    const variants = entry.variants ?? [];
    if (isStringList(variants)) return { id, variables: named, variants };
    if (isRecord(variants) && Object.values(variants).every((v) => typeof v === 'string')) {
      return { id, variables: named, variants: Object.keys(variants), texts: variants as Record<string, string> };
    }
    return fail(`gives template ${id} "variants" that are neither a list of names nor an object of texts`);
  });
  const fixture = fixtureOverride ?? (typeof root.fixture === 'string' ? root.fixture : templates[0]?.id);
  const chosen = templates.find((t) => t.id === fixture);
  if (!chosen) fail(`names the fixture template "${String(fixture)}", which is not in its list (${templates.map((t) => t.id).join(', ')})`);
  if (!Object.values((chosen as TemplateConvention).variables).some((v) => v.includes(tokenPlaceholder))) {
    fail(`gives the fixture template ${String(fixture)} no variable whose value contains ${tokenPlaceholder} (the checks find their messages by it)`);
  }
  return { templates, fixture: fixture as string };
}
