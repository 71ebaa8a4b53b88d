import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// What following the guides as written leaves in a clone: docs/library.md's `npm install` in examples/vitest, docs/ci.md's
// `--out shards`, the session folders of docs/passive.md. git must not list any of it as untracked.
const leftovers = [
  'examples/vitest/node_modules/vitest/package.json',
  'examples/vitest/package-lock.json',
  'shards/1-of-3/results.json',
  'conformance-report/proxy/summary.md',
  'conformance-report/forward/summary.md',
];

describe('the examples and guides leave no untracked files', () => {
  it.each(leftovers)('%s is ignored by git', (path) => {
    // check-ignore exits 0 when the path is ignored (it need not exist); --no-index judges .gitignore alone
    expect(() => execFileSync('git', ['check-ignore', '--no-index', '-q', path], { stdio: 'ignore' })).not.toThrow();
  });
});
