// Debian's chromium driven by playwright-core, shared by the real-browser tests (DESIGN.md §6: no browser download).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { it } from 'vitest';

/** The browser binary (CHROMIUM_PATH overrides Debian's /usr/bin/chromium). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** True when the binary is there. */
export const haveChromium = existsSync(chromiumPath);
/** Why browser tests cannot run here, and how to fix it. */
export const chromiumMissing = `chromium not found at ${chromiumPath}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH`;

/**
 * Call at the top of a browser test file: in CI a missing browser is a failing test (the browser tests are required
 * there); elsewhere the file's browser tests are skipped with the reason printed.
 */
export function requireChromiumInCi(what: string): void {
  if (haveChromium) return;
  if (process.env.CI && process.env.CI !== 'false') {
    it(`chromium is installed (${what} is required in CI)`, () => {
      throw new Error(chromiumMissing);
    });
  } else {
    console.warn(`${what} skipped: ${chromiumMissing}`);
  }
}

/** Launches headless chromium with the flags this closed network needs (no background connections). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
