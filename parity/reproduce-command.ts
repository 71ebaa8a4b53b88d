import { simulatorStarterKey } from '../targets/index.js';
import type { Target, TargetKeys } from '../targets/index.js';

/** How to run one side of a parity run alone: the conform flags that select it and where its keys come from. */
export interface SideCommand {
  /** Shell words (quoted where needed) of `npm run conform -- …` that select the side: target, profile, base URL, keys, settings. */
  readonly flags: readonly string[];
  /** Key role → the environment variable the side's reproductions read it from (curl and conform alike). */
  readonly keyVariables: Readonly<Record<string, string>>;
  /** False for a target the harness starts on a port of its own (the reference, a container): its curls cannot be pasted. */
  readonly external: boolean;
}

type Role = 'growth' | 'starter' | 'rateLimit';
const roles: readonly (readonly [Role, string, string])[] = [
  ['growth', '--api-key', 'API_KEY'],
  ['starter', '--starter-api-key', 'STARTER_API_KEY'],
  ['rateLimit', '--rate-limit-api-key', 'RATE_LIMIT_API_KEY'],
];

/** Targets the harness starts itself (they take no base URL, profile or keys). */
export function isEmbedded(spec: string): boolean {
  return spec === 'reference' || spec === 'container' || spec.startsWith('reference:') || spec.startsWith('reference+fault:');
}

/**
 * The command that runs side `which` alone. Keys are never written, only the variables that hold them: A's as conform
 * reads them (CONFORM_API_KEY …); B's own keys (not A's) from CONFORM_COMPARE_API_KEY …, the variables a parity run
 * reads them from, passed with --api-key "$CONFORM_COMPARE_API_KEY" because run alone B is conform's only target.
 * `shared`: flags both sides were run with (conventions, --allow-send).
 */
export function sideCommand(which: 'a' | 'b', spec: string, target: Target, other: Pick<Target, 'keys'>, shared: readonly string[] = []): SideCommand {
  if (isEmbedded(spec)) return { flags: ['--target', shellWord(spec), ...shared], keyVariables: {}, external: false };
  const flags = ['--target', shellWord(spec), '--profile', target.profile.name];
  if (spec === 'production' || spec === 'simulator') flags.push('--base-url', shellWord(target.baseUrl));
  const keyVariables: Record<string, string> = {};
  for (const [role, flag, suffix] of roles) {
    const key = (target.keys as TargetKeys)[role];
    // --target simulator makes its own Starter key when none is given (cli/resolve-run.ts)
    if (key === undefined || (spec === 'simulator' && role === 'starter' && key === simulatorStarterKey)) continue;
    const own = which === 'b' && key !== other.keys[role];
    const variable = `CONFORM_${own ? 'COMPARE_' : ''}${suffix}`;
    keyVariables[role] = variable;
    flags.push(flag, `"$${variable}"`);
  }
  return { flags: [...flags, ...shared], keyVariables, external: true };
}

/** `npm run conform -- <side> --check <ids> --seed <seed> --runs <runs>`: the side's outcome of those checks, run alone. */
export function rerunCommand(side: SideCommand, checkIds: readonly string[], seed: number, runs: number): string {
  return ['npm', 'run', 'conform', '--', ...side.flags, ...checkIds.flatMap((id) => ['--check', shellWord(id)]), '--seed', String(seed), '--runs', String(runs)].join(' ');
}

const keyVariable = /\$CONFORM_(STARTER_|RATE_LIMIT_)?API_KEY\b/g;
const roleOfPrefix: Readonly<Record<string, Role>> = { '': 'growth', STARTER_: 'starter', RATE_LIMIT_: 'rateLimit' };

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
