// Every relative link of README.md, ARCHITECTURE.md and docs/**/*.md names a file that exists and, with #anchor, a
// heading of it (GitHub's anchors), so moving or renaming a doc or a heading cannot leave a dead link behind.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../readme/readme-commands.js';
import { brokenLinks, documentationFiles, headingAnchors, relativeLinks } from './markdown-links.js';

const scratch = mkdtempSync(join(tmpdir(), 'links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('documentation links', () => {
  const files = documentationFiles(repoRoot);

  it('README.md, ARCHITECTURE.md and the docs/ pages are all checked', () => {
    expect(files).toContain('docs/reference/errors.md');
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('every relative link of %s resolves to a file and heading', (file) => {
    expect(brokenLinks(repoRoot, file)).toEqual([]);
  });
});

describe('the link checker', () => {
  it('makes GitHub anchors: punctuation dropped, code kept as text, repeats numbered', () => {
    const anchors = headingAnchors('# A B\n## `npm run conform` options\n## Parity: where two differ\n## A B\n```sh\n# not a heading\n```\n');
    expect([...anchors]).toEqual(['a-b', 'npm-run-conform-options', 'parity-where-two-differ', 'a-b-1']);
  });

  it('finds relative links outside code, not URLs', () => {
    const links = relativeLinks('[a](docs/x.md) [b](https://x.example) `[c](y.md)`\n```\n[d](z.md)\n```\n[e]: ../f.md#g\n[h](#top)');
    expect(links.map((l) => l.target)).toEqual(['docs/x.md', '../f.md#g', '#top']);
  });

  it('reports a missing file, a missing anchor and an anchor into a non-Markdown file; skips links that leave the repository', () => {
    mkdirSync(join(scratch, 'docs'), { recursive: true });
    writeFileSync(join(scratch, 'docs', 'guide.md'), '# Guide\n## Set up\n');
    writeFileSync(join(scratch, 'code.ts'), '');
    writeFileSync(
      join(scratch, 'README.md'),
      '# Top\n[ok](docs/guide.md#set-up) [self](#top) [gone](docs/gone.md)\n[bad](docs/guide.md#nope) [ts](code.ts#L1) [out](../shared/spec.md)\n',
    );
    expect(brokenLinks(scratch, 'README.md')).toEqual([
      'README.md:2: docs/gone.md (no such file)',
      'README.md:3: docs/guide.md#nope (no heading with that anchor)',
      'README.md:3: code.ts#L1 (an anchor into a file that is not Markdown)',
    ]);
  });
});
