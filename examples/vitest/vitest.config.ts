import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    // the checks run once per file, in beforeAll; each test waits for its own check
    hookTimeout: 600_000,
  },
});
