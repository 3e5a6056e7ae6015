// Opening the fixture harness in a browser, shared by the fixture test files:
// a page with one fixture loaded that records every page error, console
// error, failed request and request to another host.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

export const webDir = dirname(dirname(fileURLToPath(import.meta.url)));
/** Where the tests save their screenshots (made when missing). */
export const shotsDir = join(webDir, '..', 'target', 'web-screenshots');
mkdirSync(shotsDir, { recursive: true });
export const fixture = name => JSON.parse(readFileSync(join(webDir, 'fixtures', `${name}.json`), 'utf8'));

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** The sizes the players' tests run at, with their names. */
export const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The fixture server and Chromium for a test file: started before its tests, stopped after them. */
export function harnessForFile() {
  const it = { server: null, browser: null };
  before(async () => {
    it.server = await serve(webDir);
    it.browser = await launchChromium();
  });
  after(async () => {
    await it.browser?.close();
    await it.server?.close();
  });
  return it;
}

/** The harness with a fixture loaded (its name, or the fixture itself); `init` runs in the page before its scripts (a stub). */
export async function openFixture(browser, server, name, { viewport = DESKTOP, init } = {}) {
  const loaded = typeof name === 'string' ? fixture(name) : name;
  const context = await browser.newContext({ viewport });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', e => problems.push(`page error: ${e.message}`));
  page.on('console', m => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
  page.on('request', r => !r.url().startsWith(server.url) && !r.url().startsWith('data:') && problems.push(`request to another host: ${r.url()}`));
  page.on('response', r => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  await page.goto(`${server.url}/harness.html`);
  await page.waitForFunction(() => !!window.harness);
  await page.evaluate(f => window.harness.load(f), loaded);
  await page.waitForSelector('.sq, .boards-hidden');
  return {
    page,
    problems,
    /** A frame as the server sends it. */
    push: frame => page.evaluate(f => window.harness.push(f), frame),
    sent: () => page.evaluate(() => window.harness.sent().map(s => JSON.parse(s).action ?? JSON.parse(s).type)),
    /** Every frame the page sent, parsed. */
    frames: () => page.evaluate(() => window.harness.sent().map(s => JSON.parse(s))),
    async close() {
      assert.deepEqual(problems, []);
      await context.close();
    },
  };
}

/** The centre of a square of the page and its box. */
export async function centre(page, square) {
  const box = await page.locator(`.sq[data-square="${square}"]`).boundingBox();
  assert.ok(box, `square ${square} is on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

export async function clickSquare(page, square) {
  const { x, y } = await centre(page, square);
  await page.mouse.click(x, y);
  await page.waitForTimeout(60); // chessground calls its event handlers on the next tick
}

/** Waits until `selector` matches exactly `count` elements (chessground draws on the next frame), then returns the count. */
export async function countOf(page, selector, count) {
  await page.waitForFunction(([s, n]) => document.querySelectorAll(s).length === n, [selector, count], { timeout: 3000 }).catch(() => {});
  return page.locator(selector).count();
}
