// The conformance checks as tests of this project's vitest run: a describe per suite, a test per check.
// Any sms-conform flags select the target and the checks, e.g. for a deployed service:
//   conformanceSuite({ args: ['--target', 'production', '--base-url', 'https://sms.example.com'] })  (keys from CONFORM_API_KEY, …)
// CONFORM_ARGS (space-separated flags) overrides them for a one-off run.
import { conformanceSuite } from 'sms-conformance/vitest';

const fromEnv = process.env.CONFORM_ARGS?.split(' ').filter(Boolean);
await conformanceSuite({ args: fromEnv ?? ['--suite', 'contract/user', '--suite', 'scenarios/auth', '--suite', 'scenarios/templates', '--seed', '7'] });
