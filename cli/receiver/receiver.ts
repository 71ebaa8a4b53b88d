// `npm run receiver -- [--port N] [--https-port N] [--secret S ...] [--scheme NAME] [--header NAME] [--tolerance SECONDS]`
// With `--forward <loopback url>` it is the webhook forwarder of proxy/ (issue 18): verify, grade, pass on, report.
import { parseArgs } from 'node:util';
import { loopbackForwardUrl, startForwarder } from '../../proxy/index.js';
import { formatDelivery, getScheme, ReceiverError, schemeNames, startReceiver } from '../../receiver/index.js';
import type { SchemeName } from '../../receiver/index.js';
import { exitWhenFlushed, stopOnSignal } from '../../targets/stop-on-signal.js';
import { runPassiveSession, sessionFlags, sessionSettings, sessionUsage } from '../shared/passive-session.js';

const USAGE = `usage: npm run receiver -- [--port N] [--https-port N] [--secret S ...] [--scheme ${schemeNames.join('|')}]
                           [--header NAME] [--tolerance SECONDS] [--max-body BYTES]
secrets may also come from RECEIVER_SECRETS (comma-separated); they are never printed.

Forwarder: npm run receiver -- --forward <loopback url> [--port N] [--secret S ...] [--scheme NAME] [options]
  --forward URL           your own webhook endpoint (http on 127.0.0.1, ::1 or localhost; the delivery's path is
                          appended): each delivery is verified, its payload graded per event (spec §6), passed on
                          unchanged (same bytes, same headers) and your endpoint's answer goes back to the target
${sessionUsage}`;

function integer(name: string, text: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max) throw new ReceiverError('invalid_option', `--${name} must be an integer from 0 to ${max}, got "${text}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'https-port': { type: 'string' },
      secret: { type: 'string', multiple: true },
      scheme: { type: 'string', default: 'service' },
      header: { type: 'string' },
      tolerance: { type: 'string' },
      'max-body': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      forward: { type: 'string' },
      ...sessionFlags,
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const fromEnv = (process.env.RECEIVER_SECRETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const secrets = [...(values.secret ?? []), ...fromEnv];
  const headerName = values.header;
  const scheme = getScheme(values.scheme, headerName === undefined ? {} : { headerName });
  const forward = values.forward;
  if (forward !== undefined) {
    if (values['https-port'] !== undefined)
      throw new ReceiverError('invalid_option', '--https-port is not available with --forward: the forwarder listens on loopback http (--port)');
    const settings = sessionSettings(values);
    // checked before anything is printed: a user:password@ in it must reach neither the terminal nor a report
    const endpoint = loopbackForwardUrl(forward);
    const code = await runPassiveSession('forwarder', endpoint.href, settings, async (hooks) => {
      const forwarder = await startForwarder({
        forward,
        port: integer('port', values.port, 0, 65535),
        scheme: scheme.name as SchemeName,
        ...(headerName === undefined ? {} : { signatureHeader: headerName }),
        secrets,
        toleranceSeconds: integer('tolerance', values.tolerance, 300),
        maxBodyBytes: integer('max-body', values['max-body'], 1024 * 1024),
        ...hooks,
      });
      console.log(
        `scheme ${scheme.name}, ${secrets.length} secret(s) loaded${secrets.length === 0 ? ' (signatures are not verified)' : ''}; forwarding to ${endpoint.href}`,
      );
      return forwarder;
    });
    exitWhenFlushed(code);
    return;
  }
  const receiver = await startReceiver({
    httpPort: integer('port', values.port, 0, 65535),
    httpsPort: integer('https-port', values['https-port'], 0, 65535),
    maxBodyBytes: integer('max-body', values['max-body'], 1024 * 1024),
    ...(secrets.length > 0 ? { verify: { scheme, secrets, toleranceSeconds: integer('tolerance', values.tolerance, 300) } } : {}),
  });
  // installed before the first line is printed: a Ctrl-C right after "listening on" must find it (until then SIGINT's
  // default action kills node); one keypress arrives two or three times under npm, and npm's death must end it too
  // (targets/stop-on-signal.ts)
  stopOnSignal({
    onStop: () =>
      void receiver.stop().then(() => {
        console.log(`stopped after ${receiver.stats().arrived} deliveries`);
        exitWhenFlushed(0);
      }),
  });
  receiver.store.onDelivery((d) => console.log(formatDelivery(d)));
  console.log(`receiver listening on ${receiver.httpUrl} and ${receiver.httpsUrl}`);
  console.log(`scheme ${scheme.name}, ${secrets.length} secret(s) loaded${secrets.length === 0 ? ' (deliveries are not verified)' : ''}; Ctrl-C to stop`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `receiver: ${error.message}` : error);
  console.error(USAGE);
  process.exitCode = 2;
});
