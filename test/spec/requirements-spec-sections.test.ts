import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { specPath, specSectionIds, specText } from '../../spec/spec-sections.js';

describe('spec-sections', () => {
  const saved = process.env.SERVICE_SPEC;
  afterEach(() => {
    if (saved === undefined) delete process.env.SERVICE_SPEC;
    else process.env.SERVICE_SPEC = saved;
  });

  it('finds the 17 numbered headings of the service spec, and not the unnumbered simulator subsection', () => {
    const ids = specSectionIds();
    expect([...ids]).toEqual(['1', '2', '2.1', '2.2', '2.3', '2.4', '2.5', '3', '4', '4.1', '4.2', '4.3', '5', '6', '7', '8', '9']);
    expect(specText()).toContain('### Development simulator');
  });

  it('parses headings from any text, ignoring numbers outside headings', () => {
    expect([...specSectionIds('# T\n## 1. A\ntext 3.2 here\n### 1.1 B\n#### 10.2.3 C\n- 4. list\n')]).toEqual(['1', '1.1', '10.2.3']);
  });

  it('reads the file SERVICE_SPEC names, and says how to fix a missing one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-sections-'));
    try {
      const file = join(dir, 'spec.md');
      writeFileSync(file, '## 7. Errors\n');
      process.env.SERVICE_SPEC = file;
      expect(specPath()).toBe(file);
      expect([...specSectionIds()]).toEqual(['7']);
      process.env.SERVICE_SPEC = join(dir, 'missing.md');
      expect(() => specText()).toThrow(/reading the service spec failed .* set SERVICE_SPEC/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
