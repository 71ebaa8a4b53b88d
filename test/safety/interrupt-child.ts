// Spawned by cleanup.test.ts: runs the harness with Ctrl-C handling against REF_URL/REF_KEY; a check creates a webhook
// and hangs; the parent sends SIGINT once it reads "created". The process must clean up and exit on its own.
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { CheckRegistry } from '../../suites/checks/index.js';
import { runConformance } from '../../suites/engine/index.js';
import { profileFor, urlTarget } from '../../targets/index.js';
import { leakyWebhookCheck } from './webhook-check.js';

const target = urlTarget(process.env.REF_URL as string, profileFor('production'), { growth: process.env.REF_KEY as string });
const registry = new CheckRegistry().register(
  userMeConnection,
  leakyWebhookCheck('SAFETY-HANG-AFTER-CREATE', 'hang', () => console.log('created')),
);
const result = await runConformance({ target, registry, handleSignals: true, timeoutMs: 60_000 });
console.log(JSON.stringify({ interrupted: result.interrupted?.by, cleanup: result.cleanup, check: result.checks[1]?.status }));
process.exitCode = result.exitCode;
