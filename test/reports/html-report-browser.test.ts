// The HTML report, opened in a real headless Chromium, renders the requirements matrix and the failures (issue 4).
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeReports } from '../../reports/index.js';
import { requirements } from '../../spec/requirements.js';
import { runChanges, runConformance } from '../../suites/engine/index.js';
import type { KnownFailures } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';
import { chromiumMissing, haveChromium, launchChromium, requireChromiumInCi } from '../helpers/chromium.js';
import { partialBlocked, partialRun } from '../support/run-result-fixture.js';

const outDir = fileURLToPath(new URL('../../test-output/', import.meta.url));
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

requireChromiumInCi('the HTML report browser test');

describe.skipIf(!haveChromium)(`HTML report in a real browser${haveChromium ? '' : ` (skipped: ${chromiumMissing})`}`, () => {
  it('renders every requirement of the matrix and the failure with its reproduction', async () => {
    // a real run with a fault, so the report has a failure to put first
    const result = await runConformance({
      target: referenceTarget({ faults: ['list-leaks-secret'] }),
      selection: { suites: ['contract/webhooks'] },
      seed: 7,
      runs: 5,
    });
    expect(result.exitCode).toBe(1);
    dir = await mkdtemp(join(tmpdir(), 'html-report-'));
    const written = await writeReports(result, { outDir: dir, reporters: ['html'] });
    const html = written.files.find((f) => f.endsWith('.html'));
    expect(html).toBeDefined();

    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(html as string).href);
      // one matrix row per catalogue requirement, each with a visible status pill
      const rows = page.locator('tr[id^="req-"]');
      expect(await rows.count()).toBe(requirements.length);
      await expect.poll(() => page.locator('tr#req-WH-LIST-NO-SECRET .pill').innerText()).toBe('failed');
      expect(await page.locator('tr#req-WH-LIST-NO-SECRET').isVisible()).toBe(true);
      // what to fix first comes first: the operations table, then the failures, with a curl reproduction that names no key
      expect(await page.locator('h2').first().innerText()).toBe('Operations');
      const failureText = await page.locator('.failure').first().innerText();
      expect(failureText).toContain('curl');
      expect(failureText).not.toMatch(/ref_growth_[0-9a-f]{32}/);
      expect(errors).toEqual([]);
      mkdirSync(outDir, { recursive: true });
      await page.screenshot({ path: join(outDir, 'html-report.png'), fullPage: false });
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('a partial target: the operations table and the first root cause are on the first screen, the matrix one click away', async () => {
    const partialDir = await mkdtemp(join(tmpdir(), 'html-partial-'));
    const browser = await launchChromium();
    try {
      const written = await writeReports(partialRun(), { outDir: partialDir, reporters: ['html'] });
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(written.files[0] as string).href);
      const inFirstScreen = async (selector: string): Promise<boolean> => {
        const box = await page.locator(selector).first().boundingBox();
        return box !== null && box.y >= 0 && box.y + Math.min(box.height, 120) <= 800;
      };
      expect(await inFirstScreen('table.ops')).toBe(true);
      expect(await page.locator('table.ops tr').count()).toBe(13);
      const root = page.locator('#root-causes + section.failure');
      expect(await root.getAttribute('id')).toBe('check-CONTRACT-CREATEWEBHOOK-POSITIVE');
      expect(await inFirstScreen('#root-causes + section.failure')).toBe(true);
      expect(await root.locator('.answer').innerText()).toContain('HTTP 404');
      // its dependents are collapsed under it
      const dependents = root.locator('details');
      expect(await dependents.getAttribute('open')).toBeNull();
      expect(await dependents.locator('summary').innerText()).toBe(`${partialBlocked.createWebhook.length + 5} checks blocked behind it`);
      mkdirSync(outDir, { recursive: true });
      await page.screenshot({ path: join(outDir, 'html-report-partial.png'), fullPage: false });
      // the matrix is one click from the top, and blocked requirements read unproven there, never failed
      await page.locator('nav a[href="#matrix"]').click();
      await expect.poll(async () => (await page.locator('#matrix').boundingBox())?.y ?? -1).toBeLessThan(100);
      expect(await page.locator(`tr#req-WH-SECRET-FORMAT .pill`).innerText()).toBe('unproven');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await rm(partialDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a run with a known-failures baseline and --compare-run: what is new is on the first screen, the known failures marked', async () => {
    // two real runs: the first's failures are the baseline (and the run compared with), the second adds a fault
    const run = (faults: string[], knownFailures?: KnownFailures) =>
      runConformance({
        target: referenceTarget({ faults }),
        selection: { suites: ['contract/webhooks'] },
        seed: 7,
        runs: 5,
        ...(knownFailures ? { knownFailures } : {}),
      });
    const before = await run(['list-leaks-secret']);
    const entries = before.checks.flatMap((check) => (check.violated ?? []).map((requirement) => ({ check: check.id, requirement })));
    expect(entries.length).toBeGreaterThan(0);
    const after = await run(['list-leaks-secret', 'secret-in-update-response'], { file: 'known-failures.yaml', entries, today: '2030-01-01' });
    expect([after.exitCode, after.knownFailures?.known.length, after.knownFailures?.new.length]).toEqual([1, entries.length, 1]);
    const result = { ...after, changes: runChanges(before, 'previous/results.json', after) };
    const baselineDir = await mkdtemp(join(tmpdir(), 'html-baseline-'));
    const browser = await launchChromium();
    try {
      const written = await writeReports(result, { outDir: baselineDir, reporters: ['html'] });
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(written.files[0] as string).href);
      expect(await page.locator('header').getAttribute('class')).toBe('does-not-conform');
      expect(await page.locator('header .gate-line').first().innerText()).toMatch(/^BASELINE FAILS \(known-failures\.yaml\): \d+ known, 1 new/);
      const fresh = page.locator('#baseline ~ ul li:has(.pill.baseline-new)').first();
      expect(await fresh.innerText()).toMatch(/^new\s+CONTRACT-UPDATEWEBHOOK-\S+ on WH-UPDATE-NO-SECRET/);
      const box = await fresh.boundingBox();
      expect(box !== null && box.y + box.height <= 900).toBe(true);
      // the known failures keep their cards, marked known; the changes list the new failure and the lost requirement
      expect(await page.locator(`section#check-${entries[0]?.check} .pill.baseline-known`).innerText()).toBe('known');
      expect(await page.locator('#changes ~ ul').first().innerText()).toContain('WH-UPDATE-NO-SECRET');
      mkdirSync(outDir, { recursive: true });
      await page.screenshot({ path: join(outDir, 'html-report-baseline.png'), fullPage: false });
      await page.locator('nav a[href="#baseline"]').click();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await rm(baselineDir, { recursive: true, force: true });
    }
  }, 120_000);
});
