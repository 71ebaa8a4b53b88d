// The HTML report, opened in a real headless Chromium, renders the requirements matrix and the failures (issue 4).
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeReports } from '../../reports/index.js';
import { requirements } from '../../spec/requirements.js';
import { runConformance } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';
import { chromiumMissing, haveChromium, launchChromium, requireChromiumInCi } from '../helpers/chromium.js';

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
      // failures come first, with a curl reproduction that names no key
      const firstHeading = await page.locator('h2').first().innerText();
      expect(firstHeading).toMatch(/^Failures/);
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
});
