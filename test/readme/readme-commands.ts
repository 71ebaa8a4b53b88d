import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where README.md and package.json are). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** One command of a README (or guide) sh code block: continuation lines joined, trailing comment dropped. */
export interface ReadmeCommand {
  /** The file it is in, from the repository root (README.md, docs/ci.md ...). */
  readonly file: string;
  /** 1-based line of that file where the command starts. */
  readonly line: number;
  readonly text: string;
}

/** The files whose sh commands are run: README.md, then the guides of docs/ (docs/*.md; the reference pages hold none). */
export function documentedFiles(): string[] {
  const guides = readdirSync(join(repoRoot, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...guides.sort().map((name) => `docs/${name}`)];
}

/**
 * Every command of every ```sh block of README.md and the guides, in order; a command written in several places (the
 * README's quick start and a guide) is run once, where it first appears.
 */
export function documentedCommands(files = documentedFiles()): ReadmeCommand[] {
  const seen = new Set<string>();
  return files
    .flatMap((file) => readmeCommands(readFileSync(join(repoRoot, file), 'utf8'), file))
    .filter((command) => !seen.has(command.text) && (seen.add(command.text), true));
}

/** Every command of every ```sh block of one Markdown file, in order (a new block or line is picked up with no change here). */
export function readmeCommands(markdown = readFileSync(join(repoRoot, 'README.md'), 'utf8'), file = 'README.md'): ReadmeCommand[] {
  const lines = markdown.split('\n');
  const out: ReadmeCommand[] = [];
  let inSh = false;
  let pending: { line: number; parts: string[] } | undefined;
  lines.forEach((raw, index) => {
    if (/^```sh\s*$/.test(raw)) return void (inSh = true);
    if (inSh && /^```\s*$/.test(raw)) return void (inSh = false);
    if (!inSh) return;
    const code = stripComment(raw).trimEnd();
    if (code.trim() === '' && !pending) return;
    const continued = code.endsWith('\\');
    const part = (continued ? code.slice(0, -1) : code).trim();
    pending = pending ? { ...pending, parts: [...pending.parts, part] } : { line: index + 1, parts: [part] };
    if (!continued) {
      out.push({ file, line: pending.line, text: pending.parts.filter(Boolean).join(' ') });
      pending = undefined;
    }
  });
  return out;
}

/** Drops a `#` comment that starts a word outside quotes. */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return line.slice(0, i);
  }
  return line;
}

/** A README command the test does not run, with why and where it is tested instead. */
export interface Exclusion {
  readonly match: RegExp;
  readonly reason: string;
}

/**
 * The documented exclusions: every command of README.md and docs/*.md is run by test/readme/readme-commands.test.ts unless it matches one
 * of these (each says why and where it is tested instead).
 */
export const exclusions: readonly Exclusion[] = [
  { match: /^npm test$/, reason: 'the harness test suite but the end-to-end tests (minutes): CI runs it (.ci/run)' },
  { match: /^npm run test:e2e$/, reason: 'the end-to-end tests (minutes): it is what runs this test' },
  { match: /^npm run selftest$/, reason: 'the whole fault catalogue (minutes): test/selftest/selftest.test.ts runs it' },
  { match: /--flake\b/, reason: 'npm run selftest -- --flake takes many minutes: test/selftest/selftest.test.ts covers the flake control' },
  { match: /^npm run bench\b/, reason: 'benchmarks take minutes and measure, they do not assert: bench/ has its own smoke test' },
  {
    match: /^npm run image$|--target container\b/,
    reason: 'needs a Docker engine: test/container/*.test.ts and test/fleet/ci-examples.test.ts run them (skipped without one)',
  },
  { match: /^npm pack$|^npm install \.\/|^npx sms-conform\b/, reason: 'the packed package: test/fleet/package.test.ts packs, installs and runs it' },
  {
    match: /--allow-send\b/,
    reason: 'a full production-profile run at 100 requests/min takes about 10 minutes (issue 13 item 4, branch production-run); its --plan twin runs here',
  },
  {
    match: /https:\/\/sandbox\.acme\.example/,
    reason: 'a third-party target in the conventions example; test/suites/target-conventions.test.ts runs the same settings against a loopback reference',
  },
  {
    match: /--dialect message=body/,
    reason:
      'a third-party simulator that names things its own way: test/engine/partial-dialect.test.ts runs the same --dialect settings against a partial target built on the reference',
  },
  {
    match: /--compare https:\/\/staging\.example\.com/,
    reason: 'two production-profile runs at 100 requests/min (minutes); parity on loopback runs here with --compare simulator and reference:simulator',
  },
];

/**
 * Host names a README command may carry that the harness never contacts: the public-looking name webhooks are
 * registered under (the reference routes it to the loopback receiver; DESIGN.md §5).
 */
const neverContacted = new Set(['hooks.conformance.example']);

/**
 * The origins of a command that are neither loopback nor never contacted. The test refuses to run a command that has
 * any (safety: no test sends traffic off loopback), so a new README example with a real host must be substituted or
 * excluded first.
 */
export function offLoopbackOrigins(command: string): string[] {
  const hosts = [...command.matchAll(/\bhttps?:\/\/(\[[^\]]+\]|[A-Za-z0-9.-]+)/g)].map((m) => (m[1] as string).toLowerCase());
  return hosts.filter((host) => !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host) && !neverContacted.has(host));
}

/** The exclusion a command matches, if any. */
export function exclusionOf(command: string): Exclusion | undefined {
  return exclusions.find((e) => e.match.test(command));
}
