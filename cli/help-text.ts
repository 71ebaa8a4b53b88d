/** The text of conform --help. */
export const helpText = `Usage: npm run conform -- [options]

Runs the conformance suites against a target and writes reports.

Target
  --target <t>              reference (default, embedded), simulator (http://127.0.0.1:4001),
                            production (needs --base-url), or a URL
  --base-url <url>          the API origin without /v1
  --profile <p>             production | simulator | reference (default from --target)
  --api-key <key>           Growth-tier key (env CONFORM_API_KEY)
  --starter-api-key <key>   Starter-tier key (env CONFORM_STARTER_API_KEY)
  --rate-limit-api-key <k>  a key the rate-limit check may exhaust (env CONFORM_RATE_LIMIT_API_KEY)
  --config <file>           conform.config.json or .ts; \${ENV} is expanded; flags win
  --fault <id>              reference only: switch on a named fault (repeatable)
  --allow-send              allow billable sends on a production target

Selection
  --suite <glob>            e.g. contract/*, scenarios/idempotency (repeatable)
  --requirement <id>        checks citing this requirement id (repeatable)
  --check <id>              this check id (repeatable)
  --list                    print what would run (ids, requirements, levels, skip reasons) and exit 0

Run
  --fail-on must|should     lowest level whose failures fail the run (default should; observe never fails)
  --seed <n>                fast-check seed (printed on every run, for replay)
  --runs <n>                property cases per operation (default 50; 10 for production)
  --timeout <ms>            deadline per check (default 60000)
  --request-timeout <ms>    per request (default 10000)
  --max-requests <n>        request budget of the run
  --concurrency <n>         checks at once (default 4)

Reports
  --out <dir>               default conformance-report/
  --reporter <name>         junit, json, markdown, html, console (repeatable; default all)

Exit codes: 0 conforms, 1 does not conform, 2 usage or set-up error.
`;
