import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { loadConfigFile } from '../../cli/conform/config-file.js';
import { helpText } from '../../cli/conform/help-text.js';
import { checkConfig } from '../../cli/conform/options/config-values.js';
import type { OptionDef } from '../../cli/options/option-def.js';
import { flagOf } from '../../cli/options/option-def.js';
import { optionGroups } from '../../cli/conform/options/option-groups.js';
import { optionTable } from '../../cli/conform/options/option-table.js';
import { renderOptionsMarkdown } from '../../cli/options/render-markdown.js';
import { resolveOptions } from '../../cli/conform/options/resolve-options.js';
import { resolveRun } from '../../cli/conform/resolve-run.js';

const root = new URL('../../', import.meta.url).pathname;
const options = optionTable as readonly OptionDef[];
const dir = mkdtempSync(join(tmpdir(), 'option-table-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
/** `--fail-on` -> `failOn`, written independently of the table's own flagOf. */
const camel = (flag: string): string => flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
/** A value each kind accepts, as a flag's text and as a config value. */
const sample = (option: OptionDef): { text: string; value: unknown } => {
  if (option.kind === 'number') return { text: String((option.min ?? 0) + 1), value: (option.min ?? 0) + 1 };
  if (option.kind === 'enum') return { text: option.values?.[1] ?? '', value: option.values?.[1] };
  if (option.kind === 'list') return { text: 'item-a', value: ['item-a'] };
  return { text: `value-of-${option.key}`, value: `value-of-${option.key}` };
};
const helpFlags = [...helpText.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1] as string);

describe('one option table', () => {
  it('the options reference holds the generated table (npm run gen:docs -- --check runs in test/docs/reference-pages.test.ts)', () => {
    const reference = readFileSync(join(root, 'docs', 'reference', 'conform-options.md'), 'utf8');
    expect(reference).toContain(`\n${renderOptionsMarkdown(options, optionGroups)}\n`);
  });

  it('--help, the options reference and the parser list the same flags, and every config key is its flag in camelCase', () => {
    const markdown = renderOptionsMarkdown(options, optionGroups);
    expect(helpFlags.sort()).toEqual(options.map(flagOf).sort());
    for (const flag of helpFlags) {
      const option = options.find((o) => flagOf(o) === flag) as OptionDef;
      expect(markdown).toContain(`| \`${flag}`);
      const { text, value } = sample(option);
      // the flag parses, and the same name in camelCase is the config key (or the option is command-line only)
      const fromFlag = parseConformArgs(option.kind === 'boolean' ? [flag] : [flag, text]) as Record<string, unknown>;
      expect(Object.keys(fromFlag)).toEqual([camel(flag)]);
      if (option.config === false) {
        expect(() => checkConfig({ [camel(flag)]: option.kind === 'boolean' ? true : text })).toThrow(/command-line action/);
        continue;
      }
      const fromConfig = checkConfig({ [camel(flag)]: option.kind === 'boolean' ? true : value }) as Record<string, unknown>;
      expect(fromConfig).toEqual(fromFlag);
    }
  });

  it('takes flags over environment over the config file over defaults, and says where each value came from', async () => {
    const config = await loadConfigFile(file('precedence.json', { apiKey: 'config-key', starterApiKey: 'config-starter', runs: 3, profile: 'simulator' }), {});
    const env = { CONFORM_API_KEY: 'env-key', CONFORM_STARTER_API_KEY: 'env-starter' };
    const resolved = resolveOptions(parseConformArgs(['--api-key', 'flag-key']), config, env);
    expect(resolved.values).toMatchObject({ apiKey: 'flag-key', starterApiKey: 'env-starter', runs: 3, failOn: 'should', target: 'reference' });
    expect(resolved.labelOf('apiKey')).toBe('--api-key');
    expect(resolved.labelOf('starterApiKey')).toBe('CONFORM_STARTER_API_KEY');
    expect(resolved.labelOf('runs')).toBe(`config key "runs" (${join(dir, 'precedence.json')})`);
    expect(resolved.sourceOf('failOn')).toEqual({ kind: 'default' });
    // a conflict found later names the config key the user wrote, not a flag never typed
    expect(() => resolveRun(parseConformArgs([]), config, {})).toThrow(/drop config key "profile" \(.*precedence\.json\) \(simulator\)/);
  });

  it('accepts every option in the config file, the ones refused before included (image, containerEnv, parityRules)', () => {
    const container = resolveRun(parseConformArgs([]), checkConfig({ target: 'container', image: 'sms-reference:local', containerEnv: ['SIM_FAULTS=x'] }), {});
    expect(container.targetSpec).toBe('container');
    expect(container.target.describe().baseUrl).toContain('sms-reference:local');
    const parity = resolveRun(parseConformArgs([]), checkConfig({ compare: 'reference:simulator', parityRules: 'rules.json', seed: 4 }), {});
    expect(parity.parityRules).toBe('rules.json');
    expect(parity.compare?.spec).toBe('reference:simulator');
    expect(parity.seed).toBe(4);
  });

  it('refuses a bad config key or value, naming the key, the file and what it expects', async () => {
    const where = (name: string, value: unknown) => loadConfigFile(file(name, value), {});
    await expect(where('typo.json', { suit: ['contract/*'] })).rejects.toMatchObject({
      code: 'CONFIG',
      message: expect.stringMatching(/^Unknown key "suit" in .*typo\.json\. Did you mean suite\b/),
    });
    await expect(where('type.json', { runs: 'many' })).rejects.toThrow(/config key "runs" \(.*type\.json\) must be a whole number >= 1, got "many"\./);
    await expect(where('range.json', { concurrency: 0 })).rejects.toThrow(/config key "concurrency" \(.*range\.json\) must be a whole number >= 1, got "0"\./);
    await expect(where('list.json', { suite: 'contract/*' })).rejects.toThrow(
      /config key "suite" \(.*list\.json\) has the wrong type: expects a list of strings/,
    );
    await expect(where('enum.json', { failOn: 'observe' })).rejects.toThrow(/config key "failOn" \(.*enum\.json\) must be "must" or "should", got "observe"/);
    await expect(where('action.json', { plan: true })).rejects.toThrow(/plan is a command-line action, not a setting: pass --plan/);
    await expect(where('both.json', { suite: ['a'], suites: ['b'] })).rejects.toThrow(/gives both "suites" and "suite"/);
    const notes: string[] = [];
    const old = await loadConfigFile(file('old.json', { suites: ['contract/*'], failingRecipients: ['+15550001111'] }), {}, (note) => notes.push(note));
    expect(old).toEqual({ suite: ['contract/*'], failingRecipient: ['+15550001111'] });
    expect(notes).toEqual([
      expect.stringMatching(/"suites" .* is deprecated: name it "suite"/),
      expect.stringMatching(/"failingRecipients" .* name it "failingRecipient"/),
    ]);
  });

  it('gives every numeric flag the same one-line range error, negative numbers included', () => {
    const usage = (argv: string[]) => {
      try {
        parseConformArgs(argv);
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(usage(['--runs', '-1'])).toBe('--runs must be a whole number >= 1, got "-1".');
    expect(usage(['--runs=-1'])).toBe('--runs must be a whole number >= 1, got "-1".');
    expect(usage(['--concurrency', '0'])).toBe('--concurrency must be a whole number >= 1, got "0".');
    expect(usage(['--seed', '-5'])).toBe('--seed must be a whole number >= 0, got "-5".');
    expect(usage(['--receiver-port', '70000'])).toBe('--receiver-port must be a whole number >= 0 and <= 65535, got "70000".');
    expect(usage(['--out', '--list'])).toMatch(/^--out needs a value \(<dir>\), got the option --list/);
    expect(usage(['--sute', 'x'])).toMatch(/^Unknown option '--sute'\. Did you mean --suite\b/);
    expect(usage(['--plan=yes'])).toMatch(/^--plan takes no value/);
    expect(usage(['stray'])).toMatch(/^Unexpected argument 'stray'/);
    expect(usage(['--profile', 'staging'])).toBe('--profile must be one of production, simulator, reference, got "staging".');
    for (const message of ['--runs', '--timeout', '--max-sends'].map((flag) => usage([flag, '-1']))) expect(message.split('\n')).toHaveLength(1);
  });

  it('names an environment variable when its value is the bad one', () => {
    expect(() => resolveRun(parseConformArgs(['--target', 'https://api.example.test', '--receiver-url', 'http://insecure.example.test']), {}, {})).toThrow(
      /^--receiver-url must be https/,
    );
    const run = resolveOptions(parseConformArgs([]), {}, { CONFORM_COMPARE_API_KEY: 'left-over' });
    // an exported B key alone is not a parity run (it may stay exported from other runs)
    expect(() => resolveRun(parseConformArgs([]), {}, { CONFORM_COMPARE_API_KEY: 'left-over' })).not.toThrow();
    expect(run.labelOf('compareApiKey')).toBe('CONFORM_COMPARE_API_KEY');
  });
});
