import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleReporter, escapeXml, htmlReporter, jsonReporter, junitReporter, markdownReporter, writeReports } from '../../reports/index.js';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { profileFor, Redactor, urlTarget } from '../../targets/index.js';
import { startStub, userMe } from '../harness/stub-server.js';
import type { Stub } from '../harness/stub-server.js';

const plantedKey = 'planted-growth-key-9f8e7d';
const plantedSecret = `whsec_${'c3'.repeat(32)}`;
let stub: Stub;
let result: RunResult;
let redactor: Redactor;

beforeAll(async () => {
  // a target that echoes the key and leaks a signing secret in its errors, so every report has something to redact
  stub = await startStub((req) => {
    if (req.url === '/v1/user/me') return [200, userMe];
    if (req.url.startsWith('/v1/webhooks')) return [201, { id: 'w1', signing_secret: plantedSecret }];
    return [500, { error: `bad <key> & "${String(req.headers['x-api-key'])}" ${plantedSecret}` }];
  });
  const registry = new CheckRegistry().register(
    userMeConnection,
    defineCheck({
      id: 'R-FAILS',
      title: 'a <failing> check & friends',
      suite: 'contract/messages',
      requirements: ['MSG-LIST-LIMIT-MAX', 'ERR-NO-5XX'],
      level: 'must',
      async run(ctx) {
        await ctx.http.request({ method: 'POST', path: '/v1/webhooks', body: { url: 'https://x.example', events: ['message.sent'] } });
        await ctx.property('limit', fc.integer({ min: 1, max: 5 }), async (limit) => {
          ctx.expectStatus(await ctx.http.request({ path: '/v1/messages', query: { limit } }), '2xx', 'a limit within bounds', 'MSG-LIST-LIMIT-MAX');
        });
      },
    }),
    defineCheck({
      id: 'R-SKIPS',
      title: 'skipped',
      suite: 'scenarios/tiers',
      requirements: ['TIER-STARTER-FREEFORM-402'],
      level: 'must',
      needs: ['starterKey'],
      run: async () => {},
    }),
    defineCheck({
      id: 'R-ERRORS',
      title: 'errored',
      suite: 'scenarios/tiers',
      requirements: ['TIER-GROWTH-FREEFORM'],
      level: 'should',
      run: async () => {
        throw new Error(`oops ${plantedKey}`);
      },
    }),
  );
  redactor = new Redactor();
  result = await runConformance({
    target: urlTarget(stub.url, profileFor('simulator'), { growth: plantedKey }),
    registry,
    seed: 7,
    runs: 5,
    redactor,
  });
});

afterAll(async () => {
  await stub.close();
});

/** A minimal XML well-formedness check: balanced tags, quoted attributes, only known entities. */
function assertWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  const stack: string[] = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name as string);
  }
  expect(stack).toEqual([]);
  expect(body.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
}

describe('reports', () => {
  it('has failed, errored, skipped and passed checks to report', () => {
    expect(result.checks.map((c) => c.status)).toEqual(['passed', 'failed', 'errored', 'skipped']);
  });

  it('JUnit XML is well formed, one testcase per check, requirement ids as properties', () => {
    const xml = junitReporter.render(result);
    assertWellFormedXml(xml);
    expect(xml.match(/<testcase /g)).toHaveLength(4);
    expect(xml).toContain('<property name="requirement" value="MSG-LIST-LIMIT-MAX"/>');
    expect(xml).toMatch(/<failure message="[^"]*" type="must">/);
    expect(xml).toMatch(/<error message="the check raised/);
    expect(escapeXml('a\u0001<b>&"')).toBe('a\\u0001&lt;b&gt;&amp;&quot;');
    expect(xml).toMatch(/<skipped message="its requirements apply only to the production, reference profile/);
  });

  it('JSON round-trips the RunResult', () => {
    expect(JSON.parse(jsonReporter.render(result))).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it('Markdown has the verdict, counts, failures with reproductions and the requirements matrix', () => {
    const md = markdownReporter.render(result);
    expect(md).toMatch(/^# Conformance: ❌ DOES NOT CONFORM/);
    expect(md).toContain('| must | 1 | 1 | 0 | 0 | 0 | 1 |');
    expect(md).toContain('### FAIL `R-FAILS` (must)');
    expect(md).toContain('Reproduce:');
    expect(md).toContain('<details><summary>Requirements matrix</summary>');
    expect(md).toContain('| `MSG-LIST-LIMIT-MAX` | must | FAIL | broken by `R-FAILS` (`GET /v1/messages?limit=1 → 500`); `R-FAILS` |');
    const matrix = md.slice(md.indexOf('<details><summary>Requirements matrix'));
    expect(matrix.split('\n').filter((line) => line.startsWith('| `')).length).toBe(result.requirements.length);
  });

  it('HTML is one self-contained file with failures first and every requirement in the matrix', () => {
    const html = htmlReporter.render(result);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(/);
    expect(html.indexOf('Failures (2)')).toBeLessThan(html.indexOf('Requirements matrix'));
    expect(html).toContain('a &lt;failing&gt; check &amp; friends');
    for (const row of result.requirements) expect(html).toContain(`id="req-${row.id}"`);
    expect(html).toContain(`${result.summary.requirements.percent}%`);
  });

  it('console prints the summary table and the verdict', () => {
    const text = consoleReporter.render(result);
    expect(text).toMatch(/level\s+passed\s+failed\s+errored\s+blocked\s+noted\s+skipped/);
    expect(text).toContain('DOES NOT CONFORM (fail-on should)');
  });

  it('never contains the planted key or a signing secret (redaction)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conform-reports-'));
    try {
      const written = await writeReports(result, { outDir: dir, redact: (text) => redactor.scrub(text) });
      expect(written.files.map((file) => file.slice(dir.length + 1)).sort()).toEqual(['junit.xml', 'report.html', 'results.json', 'summary.md']);
      const outputs = [written.console ?? '', ...(await Promise.all(written.files.map((file) => readFile(file, 'utf8'))))];
      for (const text of outputs) {
        expect(text).not.toContain(plantedKey);
        expect(text).not.toContain(plantedSecret);
      }
      expect(outputs.join('\n')).toContain('[redacted]');
      // the raw renderers already see a clean RunResult: the engine scrubbed reasons and reproductions
      expect(JSON.stringify(result)).not.toContain(plantedKey);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
