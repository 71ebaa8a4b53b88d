import type { OptionDef } from '../../options/option-def.js';
import { conventionOptions } from './convention-options.js';
import type { OptionGroup } from './option-groups.js';
import { runOptions } from './run-options.js';
import { targetOptions } from './target-options.js';

type Row = (typeof targetOptions)[number] | (typeof conventionOptions)[number] | (typeof runOptions)[number];
type RowOf<K extends Row['key']> = Extract<Row, { key: K }>;

/** What B's twin of one of A's rows keeps of it: the value's kind and shape, and that it is a secret. */
type Kept<R> = Pick<R, Extract<keyof R, 'kind' | 'arg' | 'min' | 'max' | 'values' | 'secret'>>;

/** B's twin of an option of A: `--compare-` + its flag, `CONFORM_COMPARE_` + its variable, the same kind and range. */
type Twin<K extends Row['key']> = Kept<RowOf<K>> & {
  readonly key: `compare${Capitalize<K>}`;
  readonly group: 'parity';
  readonly help: string;
  readonly env?: string;
  readonly defaultNote?: string;
};

const rows: readonly OptionDef[] = [...targetOptions, ...conventionOptions, ...runOptions];

/** B's twin of A's option `key` (docs/parity.md): derived from A's row, so the two never drift apart. */
function twin<const K extends Row['key']>(key: K, help: string, defaultNote?: string): Twin<K> {
  const row = rows.find((option) => option.key === key) as OptionDef;
  const kept = Object.fromEntries(
    (['kind', 'arg', 'min', 'max', 'values', 'secret'] as const).flatMap((field) => (row[field] === undefined ? [] : [[field, row[field]]])),
  );
  return {
    ...kept,
    key: `compare${key.charAt(0).toUpperCase()}${key.slice(1)}`,
    group: 'parity',
    ...(row.env === undefined ? {} : { env: row.env.replace(/^CONFORM_/, 'CONFORM_COMPARE_') }),
    ...(defaultNote === undefined ? {} : { defaultNote }),
    help,
  } as unknown as Twin<K>;
}

/** Parity: a second target B run with the same checks and seed (docs/parity.md); B's rows are twins of A's. */
export const parityOptions = [
  {
    key: 'compare',
    kind: 'string',
    group: 'parity',
    arg: '<t>',
    help: "run the same checks and seed against a second target B (as for --target) and write parity.md/json/html: every behaviour side by side, the spec's verdict on each difference; exit 1 when a difference is not one expected of a simulator",
  },
  twin('baseUrl', "B's API origin (for --compare production, or over a URL's default)"),
  twin('profile', "B's profile", 'from --compare'),
  twin('apiKey', "B's Growth-tier key, when it is not A's"),
  twin('starterApiKey', "B's Starter-tier key, when it is not A's"),
  twin('rateLimitApiKey', "B's rate-limit key, when it is not A's"),
  twin(
    'receiverPort',
    "loopback port of B's receiver: where a simulator B delivers (A and B run at once, so not A's port)",
    'a free port; 4010 when B has the simulator profile',
  ),
  twin(
    'simulatorWebhookUrl',
    "B with the simulator profile: the one webhook URL B was started with (a loopback http URL on B's receiver port)",
    'with --compare simulator http://127.0.0.1:4010/simulator-webhook-url',
  ),
  twin('dialect', "B's dialect, as --dialect (B never takes A's)"),
  { key: 'parityRules', kind: 'string', group: 'parity', arg: '<file>', help: 'JSON rules over the defaults (ignored fields, simulator expectations)' },
] as const satisfies readonly OptionDef<OptionGroup>[];
