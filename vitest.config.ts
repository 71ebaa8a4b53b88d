import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { e2eTestFiles } from './test/test-split.js';

// One test file per core: vitest's default (cores − 1) ran the files one at a time on a 2-core machine (issue 28). Not
// more: a file is about one core busy (a whole run in-process, its reference on a thread), and with four files on two
// loaded cores a default run passed its 60 s test timeout.
const cores = availableParallelism();

// Two projects from one list (test/test-split.ts): `npm test` runs `fast`, `npm run test:e2e` runs `e2e`, and a bare
// `npx vitest run` runs both, one after the other (groupOrder). The e2e files run one at a time, as before: the
// packed-package ones rebuild dist/, which another one reads meanwhile.
export default defineConfig({
  // the compiled commands (scripts/compiled-commands.mjs) are rebuilt while tests run: not a change to watch
  server: { watch: { ignored: ['**/.compiled/**'] } },
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...e2eTestFiles],
          maxWorkers: Math.max(cores, 2),
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'e2e', include: [...e2eTestFiles], maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
