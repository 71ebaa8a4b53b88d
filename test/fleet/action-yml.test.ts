import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagOf } from '../../cli/options/option-def.js';
import type { OptionDef } from '../../cli/options/option-def.js';
import { optionTable } from '../../cli/conform/options/option-table.js';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { actionFile, actionOnlyInputs, conformStep, inputOf, runConformStep } from './action-harness.js';
import { conform, resultsIn } from './fleet-harness.js';

const action = actionFile();
const step = conformStep(action);
const actionOnly = actionOnlyInputs;
const optionOfInput = (name: string): OptionDef | undefined => optionTable.find((option) => flagOf(option) === `--${name}`);
const variableOf = (name: string): string => `IN_${name.toUpperCase().replaceAll('-', '_')}`;

describe('action.yml: every input is an option of conform, passed through', () => {
  it('is a composite action whose inputs are options of the option table (or set up Node and the upload)', () => {
    expect(action.runs.using).toBe('composite');
    for (const name of Object.keys(action.inputs)) {
      if (actionOnly[name] !== undefined) {
        const user = action.runs.steps.find((s) => s.uses?.startsWith(actionOnly[name] as string));
        expect(JSON.stringify(user), name).toContain(`inputs.${name}`);
      } else expect(optionOfInput(name), `input ${name} is no option of npm run conform`).toBeDefined();
    }
    expect(action.inputs.out?.default).toBe(optionTable.find((o) => o.key === 'out')?.default);
  });

  it('passes each option input: a key by its variable (never a flag), the rest as flags, none dropped, none spliced in', () => {
    const bound = new Set<string>();
    for (const [name, expression] of Object.entries(step.env)) bound.add(`${inputOf(expression)}=${name}`);
    for (const name of Object.keys(action.inputs).filter((n) => actionOnly[n] === undefined)) {
      const option = optionOfInput(name);
      if (option?.secret) {
        expect(bound, name).toContain(`${name}=${option.env}`);
        expect(step.run).not.toContain(flagOf(option));
      } else {
        expect(bound, name).toContain(`${name}=${variableOf(name)}`);
        const helper = option?.kind === 'list' ? 'each' : 'one';
        expect(step.run, name).toContain(`${helper} ${flagOf({ key: option?.key ?? '' })} "$${variableOf(name)}"`);
      }
    }
    // an input reaches the script as a variable only: `${{ }}` in a script would splice user text into shell code
    expect(step.run).not.toContain('${{');
    expect(bound.size).toBe(Object.keys(step.env).length);
  });

  it('uploads the out folder and exposes the exit code', () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(upload?.with?.path).toBe('${{ inputs.out }}');
    expect(upload?.if).toContain('!cancelled()');
    expect(action.outputs['exit-code']?.value).toBe('${{ steps.conform.outputs.exit-code }}');
  });
});

describe("action.yml's run step, run locally with bash against the embedded reference", () => {
  let dir: string;
  let ref: ReferenceServer | undefined;
  const env = (name: string) => ({ GITHUB_STEP_SUMMARY: join(dir, `${name}.summary.md`), GITHUB_OUTPUT: join(dir, `${name}.output`) });
  const narrow = { target: 'reference+fault:accepts-1601-chars', requirement: 'MSG-SEND-MESSAGE-MAX', seed: '9', config: 'conform.config.json' };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gh-action-'));
    await writeFile(join(dir, 'conform.config.json'), JSON.stringify({ runs: 5 }));
    for (const name of ['fails', 'gated']) await writeFile(env(name).GITHUB_STEP_SUMMARY, 'earlier step\n');
  });
  afterAll(async () => ref?.stop());

  it('a failing run: exit 1 as the step output, one ::error per new failure, summary.md appended, the inputs honoured', async () => {
    const run = await runConformStep({ ...narrow, 'fail-on': 'must', out: 'report' }, dir, env('fails'));
    expect(run.code, run.stderr).toBe(1);
    expect(await readFile(env('fails').GITHUB_OUTPUT, 'utf8')).toBe('exit-code=1\n');
    expect(run.stdout).toMatch(/^::error title=CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH::/m);
    expect(await readFile(env('fails').GITHUB_STEP_SUMMARY, 'utf8')).toMatch(/^earlier step\n# Conformance: ❌/);
    const result = await resultsIn(join(dir, 'report'));
    expect([result.seed, result.failOn, result.runs]).toEqual([9, 'must', 5]);
    expect(result.checks.every((check) => check.requirements.includes('MSG-SEND-MESSAGE-MAX') || check.status === 'passed')).toBe(true);
  }, 150_000);

  it('with a baseline listing that failure: exit 0, reported as known; compare-run lists nothing new', async () => {
    const written = await conform(
      ['--target', narrow.target, '--requirement', narrow.requirement, '--seed', '9', '--runs', '5', '--out', join(dir, 'w')].concat([
        '--baseline',
        join(dir, 'known-failures.yaml'),
        '--baseline-update',
      ]),
    );
    expect(written.code, written.stderr).toBe(0);
    const run = await runConformStep({ ...narrow, baseline: 'known-failures.yaml', 'compare-run': 'report/results.json', out: 'gated' }, dir, env('gated'));
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(env('gated').GITHUB_OUTPUT, 'utf8')).toBe('exit-code=0\n');
    const result = await resultsIn(join(dir, 'gated'));
    expect(result.knownFailures?.known.map((item) => item.check)).toContain('CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH');
    expect(result.knownFailures?.new).toEqual([]);
    expect(result.changes?.newFailures).toEqual([]);
  }, 150_000);

  it('shards then a merge: each slice exits with its own verdict, unannotated; the merge gives the whole run with its annotations', async () => {
    const codes: (number | null)[] = [];
    for (const shard of ['1/2', '2/2']) {
      const run = await runConformStep({ ...narrow, shard, out: 'shards' }, dir, env(`shard${shard[0]}`));
      codes.push(run.code);
      expect(await readFile(env(`shard${shard[0]}`).GITHUB_OUTPUT, 'utf8')).toBe(`exit-code=${run.code}\n`);
      expect(run.stdout).not.toContain('::error');
    }
    // the one failing check is in one slice: that shard's step fails, the merge job still runs (examples/ci)
    expect(codes.sort()).toEqual([0, 1]);
    const merged = await runConformStep({ merge: 'shards', out: 'merged' }, dir, env('merge'));
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stdout).toMatch(/^::error title=CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH::/m);
  }, 300_000);

  it('a key goes in by its variable: a URL target accepts it, it is printed nowhere; no key given is no key (exit 2)', async () => {
    const key = `action-growth-key-${process.pid}`;
    ref = await startReference({ keys: { [key]: { tier: 'growth', ratePerMinute: null } } });
    const inputs = { target: ref.url, requirement: 'MSG-LIST-ENVELOPE', seed: '3', out: 'keyed' };
    const run = await runConformStep({ ...inputs, 'api-key': key }, dir, env('keyed'));
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}${await readFile(join(dir, 'keyed', 'results.json'), 'utf8')}`).not.toContain(key);
    const keyless = await runConformStep(inputs, dir, env('keyless'));
    expect(keyless.code).toBe(2);
  }, 150_000);
});
