// docs/reference/ is made from the code (npm run gen:docs): every page is fresh, and each lists all of what it is
// made from (every option of every command, every error code with a fix, every check, every fault).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagOf } from '../../cli/conform/options/option-def.js';
import { optionTable } from '../../cli/conform/options/option-table.js';
import { faultCatalogue } from '../../simulator/faults/catalogue.js';
import { loadRegistry } from '../../suites/load-registry.js';
import { harnessErrorCodes, harnessErrorFixes } from '../../targets/index.js';
import { repoRoot } from '../readme/readme-commands.js';

const page = (name: string): string => readFileSync(join(repoRoot, 'docs', 'reference', name), 'utf8');

describe('docs/reference: generated from the code', () => {
  it('is fresh: npm run gen:docs -- --check passes, and an unknown argument is a usage error', () => {
    const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-docs.ts', '--check'], { cwd: repoRoot, encoding: 'utf8', timeout: 170_000 });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/docs\/reference\/errors\.md/);
    const usage = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-docs.ts', '--write-elsewhere'], { cwd: repoRoot, encoding: 'utf8' });
    expect(usage.status).toBe(2);
  }, 180_000);

  it('conform-options.md has a row for every option of npm run conform', () => {
    const text = page('conform-options.md');
    for (const option of optionTable) expect(text, flagOf(option)).toContain(`| \`${flagOf(option)}`);
  });

  it('commands.md has every flag each other command parses (its --help)', () => {
    const text = page('commands.md');
    const sections = text.split(/^## /m);
    for (const [command, files] of [
      ['simulator', ['cli/simulator/simulator.ts', 'cli/simulator/simulator-conventions.ts']],
      ['receiver', ['cli/receiver/receiver.ts', 'cli/shared/passive-session.ts']],
      ['proxy', ['cli/proxy/proxy.ts', 'cli/shared/passive-session.ts']],
      ['selftest', ['cli/selftest/selftest.ts']],
    ] as const) {
      const section = sections.find((s) => s.startsWith(`npm run ${command}\n`));
      expect(section, command).toBeDefined();
      for (const file of files) {
        // the flags the command's parser declares (its parseArgs options), each shown in its section
        const source = readFileSync(join(repoRoot, file), 'utf8');
        const declared = [...source.matchAll(/^\s+'?([a-z][a-z-]+)'?: \{ type: '/gm)].map((m) => `--${m[1] as string}`);
        expect(declared.length, file).toBeGreaterThan(2);
        for (const flag of declared.filter((f) => f !== '--help')) expect(section, `${command}: ${flag} (${file})`).toContain(flag);
      }
    }
  });

  it('errors.md has every harness error code with when it is raised and its fix', () => {
    const text = page('errors.md');
    for (const code of harnessErrorCodes) {
      expect(harnessErrorFixes[code].fix.length, code).toBeGreaterThan(10);
      expect(text, code).toMatch(new RegExp(`^\\| \`${code}\` \\| .+ \\| .+ \\|$`, 'm'));
    }
  });

  it('checks.md has every registered check with its level and requirement ids', async () => {
    const text = page('checks.md');
    for (const check of (await loadRegistry()).all()) {
      const row = text.split('\n').find((line) => line.startsWith(`| \`${check.id}\` |`));
      expect(row, check.id).toBeDefined();
      expect(row).toContain(`| ${check.level} |`);
      for (const requirement of check.requirements) expect(row).toContain(`\`${requirement}\``);
    }
  });

  it('faults.md has every fault of the catalogue with the requirement it breaks', () => {
    const text = page('faults.md');
    for (const fault of faultCatalogue) expect(text, fault.id).toContain(`| \`${fault.id}\` | \`${fault.requirement}\` |`);
  });
});
