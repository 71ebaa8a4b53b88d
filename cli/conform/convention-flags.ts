import { shellWord } from '../../parity/index.js';
import type { ConformArgs } from './args.js';
import type { ConformConfig } from './config-file.js';

/**
 * The target-convention settings of a parity run as conform flags (both sides ran with them), so that a side's
 * re-run command reproduces its row when pasted. A template catalogue given inline in the config file has no flag
 * and is left out.
 */
export function conventionFlags(args: ConformArgs, config: ConformConfig): string[] {
  const templates = args.templates ?? (typeof config.templates === 'string' ? config.templates : undefined);
  const failing: readonly string[] = (args.failingRecipient ?? []).length > 0 ? (args.failingRecipient ?? []) : (config.failingRecipient ?? []);
  const pairs: [string, string | undefined][] = [
    ['--templates', templates],
    ['--fixture-template', args.fixtureTemplate ?? config.fixtureTemplate],
    ['--signature-scheme', args.signatureScheme ?? config.signatureScheme],
    ['--signature-header', args.signatureHeader ?? config.signatureHeader],
    ...failing.map((number): [string, string] => ['--failing-recipient', number]),
    ['--shared-sender', args.sharedSender ?? config.sharedSender],
  ];
  return pairs.flatMap(([flag, value]) => (value === undefined ? [] : [flag, shellWord(value)]));
}
