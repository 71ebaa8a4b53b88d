import { simulatorWebhookPath } from '../spec/simulator-defaults.js';
import { simulatorStarterKey } from '../targets/index.js';
import type { Target, TargetKeys } from '../targets/index.js';

/** How to run one side of a parity run alone: the conform flags that select it and where its keys come from. */
export interface SideCommand {
  /** Shell words (quoted where needed) of `npm run conform -- …` that select the side: target, profile, base URL, settings. */
  readonly flags: readonly string[];
  /** Environment assignments before the command that hand the side's keys to conform (`CONFORM_API_KEY="$CONFORM_COMPARE_API_KEY"`). */
  readonly env: readonly string[];
  /** Key role → the environment variable the side's reproductions read it from (curl and conform alike). */
  readonly keyVariables: Readonly<Record<string, string>>;
  /** False for a target the harness starts on a port of its own (the reference, a container): its curls cannot be pasted. */
  readonly external: boolean;
}

type Role = 'growth' | 'starter' | 'rateLimit' | 'secondGrowth';
const roles: readonly (readonly [Role, string])[] = [
  ['growth', 'API_KEY'],
  ['starter', 'STARTER_API_KEY'],
  ['rateLimit', 'RATE_LIMIT_API_KEY'],
  ['secondGrowth', 'SECOND_API_KEY'],
];

/** Targets the harness starts itself (they take no base URL, profile or keys). */
export function isEmbedded(spec: string): boolean {
  return spec === 'reference' || spec === 'container' || spec.startsWith('reference:') || spec.startsWith('reference+fault:');
}

/**
 * The command that runs side `which` alone. Keys are never written, only the variables that hold them: A's as conform
 * reads them (CONFORM_API_KEY …); B's own keys (not A's) from CONFORM_COMPARE_API_KEY …, the variables a parity run
 * reads them from, handed over as CONFORM_API_KEY="$CONFORM_COMPARE_API_KEY" before the command: run alone B is
 * conform's only target. Not as --api-key: npm prints a script's arguments, so a key flag would reach the terminal.
 * `shared`: flags both sides were run with (conventions, --allow-send).
 */
export function sideCommand(which: 'a' | 'b', spec: string, target: Target, other: Pick<Target, 'keys'>, shared: readonly string[] = []): SideCommand {
  if (isEmbedded(spec)) return { flags: ['--target', shellWord(spec), ...shared], env: [], keyVariables: {}, external: false };
  const flags = ['--target', shellWord(spec), '--profile', target.profile.name];
  if (spec === 'production' || spec === 'simulator') flags.push('--base-url', shellWord(target.baseUrl));
  // where its deliveries meet the receiver (a simulator's one URL, spec §8): run alone it must listen there again
  if (target.oneWebhookPath !== undefined && target.oneWebhookPath !== simulatorWebhookPath && target.receiverPort !== undefined) {
    flags.push('--simulator-webhook-url', shellWord(`http://127.0.0.1:${target.receiverPort}${target.oneWebhookPath}`));
  } else if (target.receiverPort !== undefined) flags.push('--receiver-port', String(target.receiverPort));
  const keyVariables: Record<string, string> = {};
  const env: string[] = [];
  for (const [role, suffix] of roles) {
    const key = (target.keys as TargetKeys)[role];
    // --target simulator makes its own Starter key when none is given (cli/conform/resolve-run.ts)
    if (key === undefined || (spec === 'simulator' && role === 'starter' && key === simulatorStarterKey)) continue;
    const own = which === 'b' && key !== other.keys[role];
    keyVariables[role] = `CONFORM_${own ? 'COMPARE_' : ''}${suffix}`;
    if (own) env.push(`CONFORM_${suffix}="$CONFORM_COMPARE_${suffix}"`);
  }
  return { flags: [...flags, ...shared], env, keyVariables, external: true };
}

/** `[keys] npm run conform -- <side> --check <ids> --seed <seed> --runs <runs>`: the side's outcome of those checks, run alone. */
export function rerunCommand(side: SideCommand, checkIds: readonly string[], seed: number, runs: number): string {
  return [
    ...side.env,
    'npm',
    'run',
    'conform',
    '--',
    ...side.flags,
    ...checkIds.flatMap((id) => ['--check', shellWord(id)]),
    '--seed',
    String(seed),
    '--runs',
    String(runs),
  ].join(' ');
}

const keyVariable = /\$CONFORM_(STARTER_|RATE_LIMIT_|SECOND_)?API_KEY\b/g;
const roleOfPrefix: Readonly<Record<string, Role>> = { '': 'growth', STARTER_: 'starter', RATE_LIMIT_: 'rateLimit', SECOND_: 'secondGrowth' };

/** A reproduction (curl) of the side with its key variables: the engine writes $CONFORM_API_KEY …, B's own keys live elsewhere. */
export function withKeyVariables(text: string, side: SideCommand): string {
  return text.replace(keyVariable, (whole, prefix: string | undefined) => {
    const variable = side.keyVariables[roleOfPrefix[prefix ?? ''] as Role];
    return variable ? `$${variable}` : whole;
  });
}

/** The reproduction lines of one side for one row: the conform command, then the curl when the target outlives the run. */
export function reproductionFor(side: SideCommand, rerun: string, curl: string | undefined): string {
  return [rerun, side.external && curl ? withKeyVariables(curl, side) : undefined].filter(Boolean).join('\n');
}

/** A shell word: as is when it holds only safe characters, else single-quoted. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:=,+@%-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
