// `npm run receiver -- [--port N] [--https-port N] [--secret S ...] [--scheme NAME] [--header NAME] [--tolerance SECONDS]`
// With `--forward <loopback url>` it is the webhook forwarder of proxy/ (issue 18): verify, grade, pass on, report.
import { loopbackForwardUrl, startForwarder } from '../../proxy/index.js';
import { formatDelivery, getScheme, ReceiverError, startReceiver } from '../../receiver/index.js';
import type { SchemeName } from '../../receiver/index.js';
import { exitWhenFlushed, stopOnSignal } from '../../targets/stop-on-signal.js';
import { readCommandLine } from '../options/resolve-values.js';
import { renderHelp } from '../options/render-help.js';
import { runPassiveSession, sessionSettings } from '../shared/passive-session.js';
import { receiverHelp, receiverOptions } from './receiver-options.js';

const usage = renderHelp(receiverOptions, receiverHelp);

async function main(): Promise<void> {
  const { flags, values } = readCommandLine(receiverOptions, process.argv.slice(2), {}, '--port <n>');
  if (values.help) {
    console.log(usage);
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
    if (flags.httpsPort !== undefined)
      throw new ReceiverError('invalid_option', '--https-port is not available with --forward: the forwarder listens on loopback http (--port)');
    const settings = sessionSettings(values, 'forwarder');
    // checked before anything is printed: a user:password@ in it must reach neither the terminal nor a report
    const endpoint = loopbackForwardUrl(forward);
    const code = await runPassiveSession('forwarder', endpoint.href, settings, async (hooks) => {
      const forwarder = await startForwarder({
        forward,
        port: values.port,
        scheme: scheme.name as SchemeName,
        ...(headerName === undefined ? {} : { signatureHeader: headerName }),
        secrets,
        toleranceSeconds: values.tolerance,
        maxBodyBytes: values.maxBody,
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
    httpPort: values.port,
    httpsPort: values.httpsPort,
    maxBodyBytes: values.maxBody,
    ...(secrets.length > 0 ? { verify: { scheme, secrets, toleranceSeconds: values.tolerance } } : {}),
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
  console.error(usage);
  process.exitCode = 2;
});
