import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { containerSkipReason, ensureReferenceImage } from '../container/container-harness.js';
import { argvOf, conform, githubExample, gitlabExample, resultsIn } from './fleet-harness.js';

const github = githubExample();
const gitlab = gitlabExample();
const home = process.cwd();
afterEach(() => process.chdir(home));

describe('examples/ci: the pipelines say the same thing', () => {
  it('both run the same shard command over the same number of shards', () => {
    expect(gitlab.shardCommand).toBe(github.shardCommand);
    expect(github.shardCommand).toMatch(/--target container --image sms-reference:local .*--shard "\$SHARD\/\$SHARDS"/);
    expect(github.matrix).toEqual(Array.from({ length: github.shards }, (_, i) => i + 1));
    expect(gitlab.shards).toBe(github.shards);
    expect(String(github.env.SHARD)).toBe('${{ matrix.shard }}');
  });

  it('publish what the commands write and merge what the shards published; the merge gates also after failures', () => {
    for (const pipeline of [github, gitlab]) {
      const shardOut = argvOf(pipeline.shardCommand, { SEED: 1, SHARD: 1, SHARDS: 3 });
      const merge = argvOf(pipeline.mergeCommand, {});
      expect(pipeline.shardArtifact.replace(/\/$/, '')).toBe(shardOut[shardOut.indexOf('--out') + 1]);
      expect(merge[merge.indexOf('--merge') + 1]).toBe(pipeline.mergeInput.replace(/\/$/, ''));
      expect(pipeline.reportArtifact.replace(/\/$/, '')).toBe(merge[merge.indexOf('--out') + 1]);
    }
    expect(github.mergeCommand).toContain('--reporter github-actions');
    expect(gitlab.when).toBe('always');
    expect(JSON.stringify(gitlab.needs)).toContain('conformance-shard');
  });
});

const { skip, problem } = await containerSkipReason();

describe.skipIf(skip !== undefined)(`examples/ci commands, as written, against the container${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('shard, merge (GitHub and GitLab) and gate on the exit code', async () => {
    if (problem) throw new Error(`the example pipelines must run in CI, but ${problem}`);
    await ensureReferenceImage();
    process.chdir(await mkdtemp(join(tmpdir(), 'fleet-ci-')));
    const vars = { SEED: 7, SHARDS: github.shards };
    for (const shard of github.matrix) {
      const run = await conform(argvOf(github.shardCommand, { ...vars, SHARD: shard }));
      expect(run.code, run.stderr).toBe(0);
    }
    expect((await readdir(github.shardArtifact)).sort()).toEqual(github.matrix.map((i) => `shard-${i}-of-${github.shards}.json`));
    const summary = join(process.cwd(), 'step-summary.md');
    await writeFile(summary, '');
    const merged = await conform(argvOf(github.mergeCommand, {}), { GITHUB_STEP_SUMMARY: summary });
    expect(merged.code, merged.stderr).toBe(0);
    const result = await resultsIn(github.reportArtifact);
    expect(result.target.name).toMatch(/container|sms-reference/);
    expect(result.checks.length).toBeGreaterThan(100);
    expect(result.seed).toBe(7);
    expect(await readFile(summary, 'utf8')).toMatch(/^# Conformance: ✅/);
    const viaGitlab = await conform(argvOf(gitlab.mergeCommand, {}));
    expect(viaGitlab.code, viaGitlab.stderr).toBe(0);
    for (const file of ['junit.xml', 'results.json', 'summary.md', 'report.html']) expect(existsSync(join(gitlab.reportArtifact, file))).toBe(true);
  }, 300_000);
});
