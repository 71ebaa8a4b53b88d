// `npm run proxy -- --target <url> [--port N] ...`: argument parsing and wiring of the validating proxy (proxy/).
import { startProxy } from '../../proxy/index.js';
import { HarnessError } from '../../targets/harness-error.js';
import { readCommandLine } from '../options/resolve-values.js';
import { renderHelp } from '../options/render-help.js';
import { runPassiveSession, sessionSettings } from '../shared/passive-session.js';
import { proxyHelp, proxyOptions } from './proxy-options.js';
import { gradeHarFile } from './grade-har-file.js';
import { HarFormatError } from '../../proxy/index.js';

const usage = renderHelp(proxyOptions, proxyHelp);

async function main(): Promise<number> {
  const { values } = readCommandLine(proxyOptions, process.argv.slice(2), {}, '--target <url>');
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values.har !== undefined) return gradeHarFile(values.har, sessionSettings(values, 'proxy'), values.maxBody);
  const target = values.target;
  if (target === undefined) throw new HarnessError('USAGE', '--target is required: the API origin the proxy forwards to');
  const settings = sessionSettings(values, 'proxy');
  return runPassiveSession('proxy', target, settings, (hooks) =>
    startProxy({
      target,
      port: values.port,
      ...(values.host === undefined ? {} : { host: values.host }),
      annotate: values.annotate ?? false,
      maxBodyBytes: values.maxBody,
      timeoutMs: values.timeout,
      ...hooks,
    }),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`proxy: ${error instanceof Error ? error.message : String(error)}`);
    // a file that cannot be graded is told in one line: the usage would bury it
    if (!(error instanceof HarFormatError)) console.error(usage);
    process.exit(2);
  },
);
