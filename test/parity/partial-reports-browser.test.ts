// The reports of a partial implementation, looked at (issue 14 "Look at it"): report.html of a run against each
// partial variant and parity.html of the reference against one, rendered in real Chromium, screenshots kept in
// test-output/. Each report opens with the root cause; parity opens with the missing operations.
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runParity, writeParityReports } from '../../parity/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { profileFor, referenceTarget, urlTarget } from '../../targets/index.js';
import { chromiumMissing, haveChromium, launchChromium, requireChromiumInCi } from '../helpers/chromium.js';
import { conform } from '../helpers/run-conform.js';
import { startPartialTarget } from '../support/partial-target.js';
import type { PartialTargetOptions } from '../support/partial-target.js';
import { freePort } from '../support/free-port.js';

const outDir = fileURLToPath(new URL('../../test-output/', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'partial-reports-'));
  mkdirSync(outDir, { recursive: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const variants: readonly { name: string; options: PartialTargetOptions; root: string }[] = [
  {
    name: 'missing-webhooks',
    options: { missing: [{ method: 'GET', path: '/v1/user/me' }, { path: '/v1/webhooks/**' }] },
    root: 'CONTRACT-CREATEWEBHOOK-POSITIVE',
  },
  { name: 'renamed-message', options: { dialect: { fields: { message: 'body' } } }, root: 'CONTRACT-SENDMESSAGE-POSITIVE' },
];

requireChromiumInCi('the partial-target report browser test');

describe.skipIf(!haveChromium)(`reports of a partial implementation in a real browser${haveChromium ? '' : ` (skipped: ${chromiumMissing})`}`, () => {
  for (const variant of variants) {
    it(`${variant.name}: HTML, Markdown and console open with the root cause; blocked is not failed; summary.md < 40 KB`, async () => {
      const partial = await startPartialTarget(variant.options);
      const out = join(dir, variant.name);
      const reporters = ['console', 'html', 'markdown', 'json'].flatMap((name) => ['--reporter', name]);
      let run: Awaited<ReturnType<typeof conform>>;
      try {
        const port = String(await freePort());
        run = await conform(['--target', partial.baseUrl, '--profile', 'simulator', '--receiver-port', port, '--seed', '7', '--out', out, ...reporters], {
          CONFORM_API_KEY: partial.keys.growth as string,
        });
      } finally {
        await partial.stop();
      }
      expect(run.code, run.stderr.slice(-2000)).toBe(1);
      const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
      expect(result.rootCauses[0]?.checkId).toBe(variant.root);
      // console: the operations table, then the root causes with this one first
      const console = run.stdout;
      expect(console.indexOf('Operations')).toBeLessThan(console.indexOf('Root causes'));
      expect(console.slice(console.indexOf('Root causes')).split('\n')[1]).toContain(`1. FAIL ${variant.root}`);
      // Markdown: the first failure after the operations table is the root cause, and the summary is bounded
      const summary = await readFile(join(out, 'summary.md'), 'utf8');
      expect(summary.split('\n').find((line) => line.startsWith('### '))).toContain(variant.root);
      expect((await stat(join(out, 'summary.md'))).size).toBeLessThan(40 * 1024);
      // blocked checks are blocked, a failed requirement has a check that saw it broken, coverage excludes the blocked
      const checks = new Map(result.checks.map((c) => [c.id, c]));
      expect(result.checks.filter((c) => c.status === 'blocked').length).toBeGreaterThan(15);
      for (const row of result.requirements.filter((r) => r.status === 'failed')) {
        expect(
          row.checks.some((id) => ['failed', 'errored'].includes(checks.get(id)?.status ?? '')),
          row.id,
        ).toBe(true);
      }
      for (const row of result.requirements.filter((r) => r.covered)) expect(['passed', 'failed', 'noted'], row.id).toContain(row.status);
      // the implemented part's requirements are met, never failed
      const met =
        variant.name === 'missing-webhooks'
          ? ['MSG-LIST-LIMIT-MAX', 'MSG-SEND-MESSAGE-MAX', 'ERR-MALFORMED-JSON-4XX']
          : ['MSG-LIST-LIMIT-MAX', 'MSG-LIST-ENVELOPE'];
      for (const id of met) expect(result.requirements.find((r) => r.id === id)?.status, id).toBe('passed');

      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(pathToFileURL(join(out, 'report.html')).href);
        expect(await page.locator('h2').first().innerText()).toBe('Operations');
        expect(await page.locator('#root-causes + section.failure').getAttribute('id')).toBe(`check-${variant.root}`);
        const box = await page.locator('#root-causes + section.failure').boundingBox();
        expect(box !== null && box.y < 900).toBe(true);
        expect(errors).toEqual([]);
        await page.screenshot({ path: join(outDir, `report-partial-${variant.name}.png`), fullPage: false });
      } finally {
        await browser.close();
      }
    }, 240_000);
  }

  it('parity.html of the reference against the partial target opens with the missing operations, one card each', async () => {
    const partial = await startPartialTarget(variants[0]?.options);
    let html: string;
    try {
      const b = urlTarget(
        partial.baseUrl,
        profileFor('simulator'),
        { growth: partial.keys.growth as string },
        { name: partial.baseUrl, receiverPort: await freePort() },
      );
      const result = await runParity({
        a: { target: referenceTarget(), spec: 'reference' },
        b: { target: b, spec: partial.baseUrl },
        seed: 7,
        runs: 5,
        concurrency: 4,
      });
      const files = await writeParityReports(result, { outDir: join(dir, 'parity') });
      html = files.find((file) => file.endsWith('.html')) as string;
    } finally {
      await partial.stop();
    }
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(html).href);
      const cards = page.locator('#operations ~ section.operation-box');
      expect(await cards.count()).toBe(3);
      const first = await cards.first().innerText();
      expect(first).toMatch(/^createWebhook: POST \/v1\/webhooks \(spec §4\.2\)/);
      expect(first).toContain('Spec: B breaks it, A conforms.');
      expect(first).toContain('CONFORM_API_KEY="$CONFORM_COMPARE_API_KEY" npm run conform -- --target');
      expect(first).not.toContain(partial.keys.growth as string);
      const box = await cards.first().boundingBox();
      expect(box !== null && box.y < 900).toBe(true);
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(outDir, 'parity-partial.png'), fullPage: false });
      await page.locator('nav a[href="#differences"]').click();
      await page.screenshot({ path: join(outDir, 'parity-partial-differences.png'), fullPage: false });
    } finally {
      await browser.close();
    }
  }, 240_000);
});
