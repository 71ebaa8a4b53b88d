import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { repoRoot } from '../support/repo-root.js';

/** A step of action.yml's composite run. */
export interface ActionStep {
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string>;
  readonly if?: string;
}

/** What action.yml declares: its inputs (name: description, default) and its steps. */
export interface ActionFile {
  readonly inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  readonly outputs: Record<string, { value: string }>;
  readonly runs: { using: string; steps: ActionStep[] };
}

/** The repository's action.yml, parsed with the yaml package (the test reads what GitHub reads). */
export function actionFile(): ActionFile {
  return parse(readFileSync(new URL('action.yml', repoRoot), 'utf8')) as ActionFile;
}

/** The step that runs the harness (id conform). */
export function conformStep(action: ActionFile = actionFile()): ActionStep & { run: string; env: Record<string, string> } {
  const step = action.runs.steps.find((s) => s.id === 'conform');
  if (step?.run === undefined || step.env === undefined) throw new Error('action.yml has no step with id conform, a run script and an env block');
  return step as ActionStep & { run: string; env: Record<string, string> };
}

/** The inputs that are no option of conform, each with the step that takes it: they set up Node and the upload. */
export const actionOnlyInputs: Readonly<Record<string, string>> = {
  'node-version': 'actions/setup-node',
  upload: 'actions/upload-artifact',
  'artifact-name': 'actions/upload-artifact',
};

/**
 * The `npm run conform -- …` command a `uses: ./` step with these inputs amounts to, in the shell form of the
 * examples (`${{ env.X }}` as "$X"): each input its flag, in the action's order (test/fleet/action-yml.test.ts proves
 * the script passes each so), and --reporter github-actions but on a shard, as the script adds it.
 */
export function actionCommand(inputs: Readonly<Record<string, string>>): string {
  const words: string[] = [];
  for (const name of Object.keys(actionFile().inputs).filter((n) => inputs[n] !== undefined && actionOnlyInputs[n] === undefined)) {
    const value = String(inputs[name]).replace(/\$\{\{ env\.([A-Z_]+) \}\}/g, '$$$1');
    words.push(`--${name}`, value.includes('$') ? `"${value}"` : value);
  }
  if (inputs.shard === undefined) words.push('--reporter', 'github-actions');
  return `npm run conform -- ${words.join(' ')}`;
}

/** The input a `${{ inputs.<name> }}` expression names, or undefined. */
export function inputOf(expression: string): string | undefined {
  return /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(expression)?.[1];
}

/**
 * Runs the conform step's script with bash as the runner does (`bash --noprofile --norc -eo pipefail`): its env block filled from `inputs` (the inputs' defaults
 * for the rest; an input not given is empty), GITHUB_ACTION_PATH the repository, in `cwd`, with `env` added.
 */
export function runConformStep(
  inputs: Readonly<Record<string, string>>,
  cwd: string,
  env: Readonly<Record<string, string>>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const action = actionFile();
  const step = conformStep(action);
  const given = (name: string): string => inputs[name] ?? action.inputs[name]?.default ?? '';
  const stepEnv = Object.fromEntries(Object.entries(step.env).map(([key, value]) => [key, given(inputOf(value) ?? '')]));
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GITHUB_ACTION_PATH: fileURLToPath(repoRoot), ...stepEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // bounded: a run that hangs is killed (the test then fails on its exit code)
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
