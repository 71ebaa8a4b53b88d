/** The text of conform --help. */
export const helpText = `Usage: npm run conform -- [options]   (installed as a package: npx sms-conform [options])

Runs the conformance suites against a target and writes reports.

Target
  --target <t>              reference (default, embedded), simulator (http://127.0.0.1:4001),
                            production (needs --base-url), container (needs --image), or a URL
  --base-url <url>          the API origin without /v1
  --compare <t>             parity: run the same checks and seed against a second target B (as for --target)
                            and write parity.md/json/html: every behaviour side by side, the spec's verdict on
                            each difference; exit 1 when a difference is not one expected of a simulator.
                            --target/--compare also take reference:simulator and reference+fault:<id>[,<id>]
  --compare-base-url <url>  parity: B's API origin (for --compare production or to override a URL's default)
  --compare-profile <p>     parity: B's profile (default from --compare)
  --compare-api-key <key>   parity: B's keys when they are not A's (env CONFORM_COMPARE_API_KEY); likewise
                            --compare-starter-api-key and --compare-rate-limit-api-key (CONFORM_COMPARE_STARTER_API_KEY,
                            CONFORM_COMPARE_RATE_LIMIT_API_KEY). Each falls back to A's key.
  --parity-rules <file>     parity: JSON rules over the defaults (ignored fields, simulator expectations)
  --profile <p>             production | simulator | reference (default from --target)
  --api-key <key>           Growth-tier key (env CONFORM_API_KEY)
  --starter-api-key <key>   Starter-tier key (env CONFORM_STARTER_API_KEY)
  --rate-limit-api-key <k>  a key the rate-limit check may exhaust (env CONFORM_RATE_LIMIT_API_KEY)
  --config <file>           conform.config.json or .ts; \${ENV} is expanded; flags win
  --fault <id>              reference only: switch on a named fault (repeatable)
  --image <name[:tag]>      container: the local image to start (npm run image builds sms-reference:local);
                            started with host networking and removed after the run (image/README.md)
  --container-env K=V       container: environment (repeatable), e.g. SIM_FAULTS=<fault id>
  --container-port <n>      container: API port inside (default a free loopback port, passed as SIM_API_PORT)
  --startup-timeout <ms>    container: time to answer GET /v1/user/me (default 30000)

Target conventions (where the spec is silent; default: the reference's on the targets this project starts,
only Service-Signature on a URL; a check that needs one not given is skipped naming it; README "Target conventions")
  --templates <file.json>   the target's template catalogue: ids, variables (values to send, {token} marks one the
                            text shows), variants (config key templates: a path or the catalogue itself)
  --fixture-template <id>   the catalogue's template the checks and fixtures send (default its "fixture", else the first)
  --signature-scheme <s>    service (default: t=<unix>,v1=<hex>), standard-webhooks or github (config signatureScheme)
  --signature-header <name> the service scheme's header (default Service-Signature; config signatureHeader)
  --failing-recipient <e164> a recipient the target fails on purpose, for message.failed checks (repeatable;
                            config failingRecipients)
  --shared-sender <e164>    the number Starter template sends without from come from (config sharedSender)

Safety (a production profile or any non-loopback target)
  --allow-send              allow billable sends (refused in the client otherwise)
  --allow-recipient <e164>  the only recipients a send may have: numbers you own (repeatable)
  --max-sends <n>           most billable sends of the run (default 5); over it a send is refused, never sent
  --allow-rate-limit-check  allow the rate-limit check, which exhausts its key's limit (bounded to 150 requests);
                            elsewhere the client keeps to 100 requests/min/key in production
  --receiver-url <https>    a remote target: the public https origin that forwards to the webhook receiver; the
                            webhook suites register URLs under it (they are skipped on remote targets without it)
  --receiver-port <n>       loopback port of the receiver's HTTP server, for that forwarder (default: a free port;
                            4010 with the simulator profile, where npm run simulator delivers by default; 0: a free one)
  --simulator-webhook-url <url>  simulator profile: the one webhook URL the simulator sends every event to (spec §8),
                            a loopback http URL on the receiver's port (default with --target simulator:
                            http://127.0.0.1:4010/simulator-webhook-url, npm run simulator's default)
  --plan                    print which checks would run, with their requests (per key) and billable sends, the
                            expected wall time at 100 requests/min/key, and exit 0 (sends nothing; needs no key).
                            Webhooks the run creates are deleted at the end, also on Ctrl-C.

Selection
  --suite <glob>            e.g. contract/*, scenarios/idempotency (repeatable)
  --requirement <id>        checks citing this requirement id (repeatable)
  --check <id>              this check id (repeatable)
  --list                    print what would run (ids, requirements, levels, skip reasons) and exit 0

Run
  --fail-on must|should     lowest level whose failures fail the run (default should; observe never fails)
  --seed <n>                fast-check seed (printed on every run, for replay)
  --runs <n>                property cases per operation (default 50; production: fitted to --time-budget, at most 10)
  --time-budget <minutes>   production (rate-limited): the wall time the run should fit (default 8); without --runs
                            the property cases and fixed case lists shrink until --plan's estimate fits it
  --timeout <ms>            deadline per check (default 60000)
  --request-timeout <ms>    per request (default 10000)
  --max-requests <n>        request budget of the run (default 100000; production: what the time budget allows)
  --concurrency <n>         checks at once (default 4)

CI fleets
  --shard <i>/<n>           run slice i of n (needs --seed, the same on every shard) and write the mergeable
                            shard-i-of-n.json into --out; no other report files
  --merge <dir>             merge every shard-*-of-*.json under <dir> into the reports and exit code of the whole
                            run; a missing, duplicate or disagreeing slice is an error (exit 2)

Reports
  --out <dir>               default conformance-report/
  --reporter <name>         junit, json, markdown, html, console, github-actions (repeatable; default all but
                            github-actions, which prints ::error annotations, one per failed requirement);
                            also har (exchanges.har: every request and response, redacted, bodies cut at 64 KB)
                            and ctrf (ctrf.json: the Common Test Report Format of CI dashboards)
  $GITHUB_STEP_SUMMARY      when set, the Markdown summary is appended to it (whole runs and merges)

Exit codes: 0 conforms, 1 does not conform, 2 usage or set-up error.

Passive conformance (your own traffic, no requests of ours): npm run proxy -- --target <url> --port <p>
and the webhook forwarder npm run receiver -- --forward <loopback url> (README "Passive conformance").
`;
