import { describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { startsEmbeddedReference } from '../../cli/conform/early-warm.js';
import { resolveRun } from '../../cli/conform/resolve-run.js';

const guess = (argv: string[]): boolean => startsEmbeddedReference(parseConformArgs(argv));

// the entry boots the reference's thread before loading the engine only when the flags alone show the run will use it
describe('the early start of the reference thread (issue 28)', () => {
  it('is taken for runs of the embedded reference, and the run then does start one', () => {
    const runs = [
      [],
      ['--target', 'reference'],
      ['--fault', 'status-uppercase'],
      ['--target', 'reference:simulator'],
      ['--target', 'reference+fault:skips-pending'],
      ['--suite', 'contract/*', '--runs', '5'],
    ];
    for (const argv of runs) {
      expect(guess(argv), argv.join(' ')).toBe(true);
      const args = parseConformArgs([...argv, '--plan']);
      // --plan builds the same target without booting anything: its name says which kind the run starts
      expect(resolveRun(args, {}, {}).target.name, argv.join(' ')).toMatch(/^reference/);
    }
  });

  it('is not taken where the run sends nothing, runs another target, or a config file may name one', () => {
    const others = [
      ['--list'],
      ['--plan'],
      ['--help'],
      ['--fault', 'list'],
      ['--target', 'simulator'],
      ['--target', 'http://127.0.0.1:9'],
      ['--base-url', 'http://127.0.0.1:9'],
      ['--target', 'container', '--image', 'x:y'],
      ['--config', 'conform.config.json'],
      ['--compare', 'reference:simulator'],
      ['--merge', 'a.json'],
    ];
    for (const argv of others) expect(guess(argv), argv.join(' ')).toBe(false);
  });
});
