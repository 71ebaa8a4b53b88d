// The one list that splits the project's tests in two commands (issue 28): `npm test` runs every test file but these,
// `npm run test:e2e` runs only these. vitest.config.ts makes its two projects from it, so no file is in both or in
// neither (test/house/test-split.test.ts asks vitest itself).

/**
 * The end-to-end test files: each drives a whole outside program (a Docker engine, Chromium, a packed and installed
 * package, or the documented commands themselves as a user types them), needs what `.ci/run` installs, and takes
 * tens of seconds to minutes. Paths relative to the repository.
 */
export const e2eTestFiles: readonly string[] = [
  // Docker: the container target, the CI examples run against it
  'test/container/container-target.test.ts',
  'test/fleet/ci-examples.test.ts',
  // Chromium: screenshots and pages in a real browser
  'test/simulator-ui/virtual-phone.test.ts',
  'test/reports/html-report-browser.test.ts',
  'test/parity/partial-reports-browser.test.ts',
  // the package as a user gets it: compiled, packed, installed
  'test/fleet/package.test.ts',
  'test/fleet/package-files.test.ts',
  'test/fleet/vitest-example.test.ts',
  // every sh command of README.md and docs/, run as written (each a whole npm run)
  'test/readme/readme-commands.test.ts',
];
