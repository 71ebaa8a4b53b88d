// docs/reference/ is made from the code (npm run gen:docs): every page is fresh, and each lists all of what it is
// made from (every option of every command, every error code with a fix, every check, every fault).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagOf } from '../../cli/options/option-def.js';
import { optionTable } from '../../cli/conform/options/option-table.js';
import { faultCatalogue } from '../../simulator/faults/catalogue.js';
import { loadRegistry } from '../../suites/load-registry.js';
import { harnessErrorCodes, harnessErrorFixes } from '../../targets/index.js';
import { repoRoot } from '../readme/readme-commands.js';
import { commands } from '../../scripts/docs/commands-page.js';

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

  it('commands.md has a row for every option of each other command (its option table)', () => {
    const sections = page('commands.md').split(/^## /m);
    for (const command of commands) {
      const section = sections.find((s) => s.startsWith(`npm run ${command.script}\n`));
      expect(section, command.script).toBeDefined();
      expect(command.table.length, command.script).toBeGreaterThan(2);
      for (const option of command.table) expect(section, `${command.script}: ${flagOf(option)}`).toContain(`| \`${flagOf(option)}`);
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
