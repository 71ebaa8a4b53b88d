// `npm run proxy -- --target <url> [--port N] ...`: argument parsing and wiring of the validating proxy (proxy/).
import { parseArgs } from 'node:util';
import { startProxy } from '../../proxy/index.js';
import { HarnessError } from '../../targets/harness-error.js';
import { runPassiveSession, sessionFlags, sessionSettings, sessionUsage, wholeNumber } from '../shared/passive-session.js';

/** The proxy's default port: clear of the simulator's 4000/4001 and the receiver's 4010 (spec/simulator-defaults.ts). */
const proxyDefaultPort = 4020;

const USAGE = `usage: npm run proxy -- --target <url> [--port N] [--host 127.0.0.1|::1] [--annotate] [options]

Forwards every request to the target unchanged and grades each exchange against the contract off the hot path;
point your client (SDK tests, app, Postman) at the printed loopback URL instead of the target.
  --target URL            the API origin without /v1 (required), e.g. http://127.0.0.1:4001
  --port N                loopback port (default ${proxyDefaultPort}; 0 picks a free one)
  --host ADDR             loopback address to listen on (default 127.0.0.1)
  --annotate              add ${'`x-conformance-violations`'} to each answer (grades before answering; off by default)
  --max-body BYTES        bytes of each body kept for grading (default 1048576; longer bodies pass ungraded)
  --timeout MS            how long the target may stay silent (default 30000; then 504)
${sessionUsage}
Exit codes: 0 no violation at the fail-on level, 1 violations, 2 usage error or nothing graded.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      target: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      annotate: { type: 'boolean' },
      'max-body': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...sessionFlags,
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const target = values.target;
  if (target === undefined) throw new HarnessError('USAGE', '--target is required: the API origin the proxy forwards to');
  const settings = sessionSettings(values);
  return runPassiveSession('proxy', target, settings, (hooks) =>
    startProxy({
      target,
      port: wholeNumber('port', values.port, proxyDefaultPort, 65535) as number,
      ...(values.host === undefined ? {} : { host: values.host }),
      annotate: values.annotate ?? false,
      maxBodyBytes: wholeNumber('max-body', values['max-body'], 1024 * 1024) as number,
      timeoutMs: wholeNumber('timeout', values.timeout, 30_000) as number,
      ...hooks,
    }),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`proxy: ${error instanceof Error ? error.message : String(error)}`);
    console.error(USAGE);
    process.exit(2);
  },
);
