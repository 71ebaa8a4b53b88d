import type { HarnessErrorCode } from './harness-error.js';

/** What a harness error code means and how to fix it: one entry per code (a new code without one fails typecheck). */
export interface HarnessErrorFix {
  /** When the harness raises it. */
  readonly when: string;
  /** What to change. */
  readonly fix: string;
}

/**
 * Every harness error code with its fix, for docs/reference/errors.md (`npm run gen:docs`). The message of each error
 * names the flag, key or file at hand; this says the same in general.
 */
export const harnessErrorFixes: Readonly<Record<HarnessErrorCode, HarnessErrorFix>> = {
  USAGE: {
    when: 'a flag, environment variable or value is wrong (unknown flag, bad number, a selection that matches nothing, a missing --base-url)',
    fix: 'change what the message names; `npm run conform -- --help` lists every flag, `--list` what a selection runs',
  },
  CONFIG: {
    when: 'the config file (or a --parity-rules file) cannot be read, has an unknown key, or a value of the wrong type',
    fix: 'fix the key or value the message names in that file (keys are the flags in camelCase)',
  },
  UNKNOWN_PROFILE: { when: '--profile (or --compare-profile) names no profile', fix: 'use production, simulator or reference' },
  UNKNOWN_CHECK: { when: '--check names no registered check', fix: 'take an id from `npm run conform -- --list` (the message suggests near ones)' },
  UNKNOWN_REQUIREMENT: {
    when: '--requirement names no requirement of spec/requirements.yaml (or a check cites one)',
    fix: 'take an id from `--list` or spec/requirements.yaml',
  },
  UNKNOWN_SUITE: { when: '--suite matches no suite', fix: 'use a suite glob that `--list` shows, e.g. contract/* or scenarios/idempotency' },
  UNKNOWN_REPORTER: { when: '--reporter names no reporter', fix: 'use junit, json, markdown, html, console, github-actions, har or ctrf' },
  INVALID_CHECK: {
    when: 'a check definition is refused by the registry (e.g. a level stricter than a requirement it cites, a bad id)',
    fix: 'fix the check as the message says (docs/reference/checks.md lists every check with its levels)',
  },
  DUPLICATE_CHECK: { when: 'two checks are registered with one id', fix: 'give each check its own id' },
  MISSING_KEY: {
    when: 'the target needs an API key of a role none was given for (production profile, a URL target)',
    fix: 'pass --api-key (CONFORM_API_KEY), or --starter-api-key / --rate-limit-api-key for the checks that need those roles',
  },
  TARGET_START: {
    when: 'the target could not be started (reference, container, a fault id the reference does not know)',
    fix: 'check --fault ids (`--fault list`), --image and the Docker engine; the message carries the cause',
  },
  TARGET_UNREACHABLE: {
    when: 'the origin gave no HTTP answer at all to GET /v1/user/me (connection refused, TLS failure, timeout)',
    fix: 'start the target; give --base-url as the origin without /v1 (any HTTP answer, even 404 or 500, is reachable)',
  },
  KEY_REFUSED: {
    when: 'both GET /v1/user/me and GET /v1/messages?limit=1 answered 401/403',
    fix: 'pass a valid --api-key (CONFORM_API_KEY); in a parity run give B its own with --compare-api-key',
  },
  NOT_THIS_API: {
    when: 'neither GET /v1/user/me nor GET /v1/messages?limit=1 answered with JSON (a plain web server, a web UI, a wrong path prefix)',
    fix: "give the API's origin as --target/--base-url (without /v1); the simulator's API is on 4001, its UI on 4000",
  },
  BUDGET_EXCEEDED: {
    when: 'a request would pass --max-requests, or the rate-limit check its bound',
    fix: 'run --plan; drop --max-requests/--runs to let --time-budget decide, or select fewer checks',
  },
  SEND_NOT_ALLOWED: { when: 'a billable send on a guarded target (production profile or off loopback) without --allow-send', fix: 'add --allow-send' },
  RECIPIENT_NOT_ALLOWED: {
    when: 'a send names a number that is not on --allow-recipient',
    fix: 'give the numbers you own with --allow-recipient (repeatable)',
  },
  SEND_BUDGET_EXCEEDED: {
    when: 'a send would create more messages than --max-sends',
    fix: 'raise --max-sends or select fewer checks (`--plan` shows the billable sends to expect)',
  },
  SUITE_MODULE: { when: 'a suite module does not export `checks`', fix: 'export `checks: readonly Check[]` (defineCheck results) from it' },
  NOT_STARTED: { when: 'a target was used before start() (a package caller)', fix: 'await target.start() first, or let runConformance start it' },
  OUT_IN_USE: { when: 'another run writes the same --out folder (its lock `.<folder>.lock` is held)', fix: 'wait for it, or give another --out' },
  RECEIVER_PORT_IN_USE: {
    when: 'the fixed receiver port (--receiver-port, 4010 with the simulator profile, or B’s) is taken',
    fix: 'stop what listens there, or give --receiver-port <n> and start the simulator with --webhook-url http://127.0.0.1:<n>/simulator-webhook-url',
  },
  NO_CONTAINER_ENGINE: {
    when: '--target container without a reachable Docker engine',
    fix: 'start one (`dockerd --bridge=none --iptables=false --ip-masq=false &`, as root), or pick another --target',
  },
  SHARD_USAGE: {
    when: '--shard is not i/n, is given without --seed, or asks for more shards than the selection has checks',
    fix: 'give --shard i/n with 1 <= i <= n (at most one shard per check) and the same --seed on every shard',
  },
  SHARD_NONE: {
    when: '--merge names no directory, or one without shard-*-of-*.json files',
    fix: 'pass the directory the shard jobs’ results were downloaded into',
  },
  SHARD_FORMAT: { when: 'a shard file is not readable JSON or not a shard of this harness', fix: 're-run that shard or remove the file' },
  SHARD_MISSING: { when: 'a slice of the fleet is missing from --merge', fix: 'run the missing shard (or download its result) and merge again' },
  SHARD_DUPLICATE: { when: 'two files hold the same slice', fix: 'keep one file per slice' },
  SHARD_MISMATCH: {
    when: 'the shards disagree (seed, shard count, selection, target or harness version)',
    fix: 'run every shard with the same flags and --seed, then merge',
  },
  BASELINE_FILE: {
    when: 'the --baseline file is missing, not YAML, or an entry is not {check, requirement, reason?, until?} (an unknown id, a bad day, a duplicate)',
    fix: 'fix the line the message names, or write the file with --baseline-update (it creates a missing file)',
  },
  PREVIOUS_RUN: {
    when: 'the --compare-run file is missing or not the results.json of a run of this harness',
    fix: 'give the results.json an earlier run wrote into its report folder (the CI artifact of the last run)',
  },
  NOT_LOOPBACK: {
    when: 'npm run proxy or the forwarder was given an address off loopback (--host, --forward)',
    fix: 'listen and forward on 127.0.0.1, ::1 or localhost only',
  },
  BAD_TARGET: {
    when: '--target of the proxy (or --forward) is not an http(s) URL, or carries user:password@',
    fix: 'give an origin such as http://127.0.0.1:4001, without credentials',
  },
  LISTEN: { when: 'the proxy or the receiver cannot listen on its port', fix: 'choose another --port (0 picks a free one)' },
  SLOW_RUN: {
    when: 'a check waited for the target or its deliveries up to the patience bound while the harness or the machine was slow (the reason gives the event-loop lag and answer times): errored, never failed',
    fix: 'run again on a less loaded machine, or with fewer checks at once (--concurrency); docs/troubleshooting.md#slow-machine explains the bound',
  },
};
