import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { RunResult } from '../../suites/engine/index.js';
import { repoRoot } from '../support/repo-root.js';
import { actionCommand } from './action-harness.js';

export { repoRoot };

export { conform } from '../helpers/run-conform.js';

/** The results.json a run or merge wrote into dir. */
export async function resultsIn(dir: string): Promise<RunResult> {
  return JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as RunResult;
}

/** What the example pipelines of examples/ci say: their conform commands, shard count and artifact paths. */
export interface PipelineExample {
  readonly shardCommand: string;
  readonly mergeCommand: string;
  readonly shards: number;
  readonly shardArtifact: string;
  readonly mergeInput: string;
  readonly reportArtifact: string;
}

const conformPrefix = 'npm run conform -- ';
const conformLines = (lines: readonly unknown[]): string[] =>
  lines.filter((line): line is string => typeof line === 'string' && line.startsWith(conformPrefix));

interface GithubStep {
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, string>;
}
interface GithubJob {
  readonly steps: GithubStep[];
  readonly env?: Record<string, unknown>;
  readonly strategy?: { matrix: { shard: number[] } };
}
interface GithubDoc {
  readonly env: Record<string, unknown>;
  readonly jobs: Record<string, GithubJob>;
}
interface GitlabJob {
  readonly script: string[];
  readonly parallel?: number;
  readonly artifacts: { paths: string[] };
  readonly needs?: unknown;
  readonly when?: string;
}

/** Parses examples/ci/github-actions.yml (with the yaml package: the test runs what the file says). */
export function githubExample(): PipelineExample & { matrix: number[]; env: Record<string, unknown> } {
  const doc = parse(readFileSync(new URL('examples/ci/github-actions.yml', repoRoot), 'utf8')) as GithubDoc;
  const shard = doc.jobs.shard as GithubJob;
  const merge = doc.jobs.merge as GithubJob;
  // each job runs conform through the repository's action (uses: ./), which uploads its `out` input
  const inputs = (job: GithubJob): Record<string, string> => job.steps.find((step) => step.uses === './')?.with ?? {};
  return {
    shardCommand: actionCommand(inputs(shard)),
    mergeCommand: actionCommand(inputs(merge)),
    shards: Number(doc.env.SHARDS),
    matrix: shard.strategy?.matrix.shard ?? [],
    env: { ...doc.env, ...shard.env },
    shardArtifact: inputs(shard).out ?? '',
    mergeInput: merge.steps.find((step) => step.uses?.startsWith('actions/download-artifact'))?.with?.path ?? '',
    reportArtifact: inputs(merge).out ?? '',
  };
}

/** Parses examples/ci/gitlab-ci.yml. */
export function gitlabExample(): PipelineExample & { needs: unknown; when: unknown } {
  const doc = parse(readFileSync(new URL('examples/ci/gitlab-ci.yml', repoRoot), 'utf8')) as Record<string, GitlabJob>;
  const shard = doc['conformance-shard'] as GitlabJob;
  const merge = doc['conformance-merge'] as GitlabJob;
  return {
    shardCommand: conformLines(shard.script)[0] as string,
    mergeCommand: conformLines(merge.script)[0] as string,
    shards: Number(shard.parallel),
    shardArtifact: shard.artifacts.paths[0] as string,
    // GitLab extracts the artifacts of the needed jobs at their own paths: the merge reads where the shards wrote
    mergeInput: shard.artifacts.paths[0] as string,
    reportArtifact: merge.artifacts.paths[0] as string,
    needs: merge.needs,
    when: merge.when,
  };
}

/** The argv of an example's `npm run conform -- …` line, with its shell variables ($NAME, "…") filled in from vars. */
export function argvOf(command: string, vars: Readonly<Record<string, string | number>>): string[] {
  if (!command.startsWith(conformPrefix)) throw new Error(`not a conform command: ${command}`);
  const words = [...command.slice(conformPrefix.length).matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
  return words.map((word) =>
    word.replace(/\$([A-Z_]+)/g, (_, name: string) => {
      if (vars[name] === undefined) throw new Error(`the example uses $${name}, which the test does not set`);
      return String(vars[name]);
    }),
  );
}

/** The same argv against the embedded reference (with faults) instead of the container: only the target flags change. */
export function onReference(argv: readonly string[], faults: readonly string[] = []): string[] {
  const out = [...argv];
  const at = out.indexOf('--target');
  if (at < 0 || out[at + 1] !== 'container' || out[at + 2] !== '--image') throw new Error(`expected --target container --image <image> in ${argv.join(' ')}`);
  out.splice(at, 4, '--target', 'reference', ...faults.flatMap((fault) => ['--fault', fault]));
  return out;
}
