import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { Message, ReferenceServer } from '../../simulator/index.js';
import { startEventCapture } from './capture-server.js';
import type { EventCapture } from './capture-server.js';
import { chromiumMissing as MISSING, haveChromium as HAVE_CHROMIUM, launchChromium, requireChromiumInCi } from '../helpers/chromium.js';

const OUT_DIR = fileURLToPath(new URL('../../test-output/', import.meta.url));
const PHONE = '+14155550123';
const NEW_PHONE = '+447700900123';
const FAILING = '+14155550666';

requireChromiumInCi('the virtual-phone UI test');

describe.skipIf(!HAVE_CHROMIUM)(`virtual-phone UI in a real browser${HAVE_CHROMIUM ? '' : ` (skipped: ${MISSING})`}`, () => {
  let capture: EventCapture;
  let ref: ReferenceServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const sendOutbound = async (to: string, message: string): Promise<Message> => {
    const res = await fetch(`${ref.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'any-key' },
      body: JSON.stringify({ to, from: '+15550001111', message }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Message;
  };
  const msg = (number: string, id: string) => page.locator(`article[data-phone="${number}"] li.msg[data-id="${id}"]`);

  beforeAll(async () => {
    capture = await startEventCapture();
    ref = await startReference({ mode: 'simulator', webhookUrl: capture.url, lifecycle: { stepMs: 200 }, failingNumbers: [FAILING], ui: { port: 0 } });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(ref.uiUrl!);
    await page.locator('#live[data-state="live"]').waitFor({ timeout: 5000 });
    await page.locator(`#shared-number:text-is("${ref.api.sharedNumber}")`).waitFor({ timeout: 5000 });
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
  });

  afterAll(async () => {
    await browser?.close();
    await ref?.stop();
    await capture?.stop();
  });

  it('shows an outbound API message live on its phone, its status moving to delivered, its text unrendered', async () => {
    const text = 'Your code is 123456 <b>not bold</b> & <img src=x>';
    const sent = await sendOutbound(PHONE, text);
    await msg(PHONE, sent.id).waitFor({ timeout: 5000 });
    await expect.poll(() => msg(PHONE, sent.id).getAttribute('data-status'), { timeout: 5000 }).toBe('delivered');
    expect(await msg(PHONE, sent.id).getAttribute('data-history')).toBe('queued pending sent delivered');
    expect(await msg(PHONE, sent.id).locator('.bubble').textContent()).toBe(text);
    expect(await page.locator('.thread b, .thread img').count()).toBe(0);

    const failed = await sendOutbound(FAILING, 'This one bounces');
    await expect.poll(() => msg(FAILING, failed.id).getAttribute('data-status'), { timeout: 5000 }).toBe('failed');
    expect(await msg(FAILING, failed.id).locator('.reason').textContent()).toMatch(/unreachable/);
    expect(await page.evaluate(() => (globalThis as { loadedOnce?: boolean }).loadedOnce)).toBe(true); // no reload
  });

  it('adds a phone, texts the service from it: inbound in GET /v1/messages, on the page, and message.received at the webhook', async () => {
    await page.fill('#add-number', '415-555');
    await page.click('#add-form button');
    await expect.poll(() => page.locator('#add-error').textContent()).toMatch(/E\.164/);
    await page.fill('#add-number', NEW_PHONE);
    await page.click('#add-form button');
    const phone = page.locator(`article[data-phone="${NEW_PHONE}"]`);
    await phone.waitFor({ timeout: 5000 });
    expect(await page.locator('#add-error').textContent()).toBe('');

    await phone.locator('textarea').press('Enter');
    await expect.poll(() => phone.locator('.error').textContent()).toMatch(/Type a message/);
    await phone.locator('textarea').fill('x'.repeat(1601));
    await phone.locator('button.send').click();
    await expect.poll(() => phone.locator('.error').textContent()).toMatch(/1601 characters long: the limit is 1600/);

    const text = 'Hi! Is my order <script>alert(1)</script> on its way?';
    await phone.locator('textarea').fill(text);
    await phone.locator('textarea').press('Enter');
    const bubble = phone.locator('li.msg.mine .bubble');
    await expect.poll(() => bubble.textContent(), { timeout: 5000 }).toBe(text);
    expect(await phone.locator('.error').textContent()).toBe('');

    const listed = await fetch(`${ref.url}/v1/messages?direction=inbound`, { headers: { 'x-api-key': 'any-key' } });
    const inbound = ((await listed.json()) as { data: Message[] }).data.find((m) => m.from === NEW_PHONE);
    expect(inbound).toMatchObject({ from: NEW_PHONE, to: ref.api.sharedNumber, message: text, direction: 'inbound' });
    expect(await phone.locator('li.msg.mine').getAttribute('data-id')).toBe(inbound!.id);

    const received = await capture.waitFor((e) => e.body?.event === 'message.received' && e.body.data?.id === inbound!.id);
    expect(received.body?.data).toMatchObject({ from: NEW_PHONE, to: ref.api.sharedNumber, message: text, status: 'received' });
    await page.locator('#deliveries li[data-event="message.received"][data-status-code="200"]').waitFor({ timeout: 5000 });

    await page.locator(`article[data-phone="${PHONE}"] textarea`).fill('Yes, thanks. Reply STOP to opt out? Nope, keep them coming!');
    await page.locator(`article[data-phone="${PHONE}"] textarea`).press('Enter');
    await page.locator(`article[data-phone="${PHONE}"] li.msg.mine`).waitFor({ timeout: 5000 });
    await sendOutbound(NEW_PHONE, 'Your parcel is out for delivery and arrives today between 2 and 4 pm.');
    await page.locator(`article[data-phone="${NEW_PHONE}"] li.msg:not(.mine)[data-status="delivered"]`).waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => (globalThis as { loadedOnce?: boolean }).loadedOnce)).toBe(true);

    expect(pageErrors).toEqual([]);
    mkdirSync(OUT_DIR, { recursive: true });
    await page.screenshot({ path: `${OUT_DIR}virtual-phone.png`, fullPage: true });
  });
});
