// Playing on the real server for the browser tests: `chesslantis serve`
// (tests/chesslantis-server.mjs), a Chromium, and guests each in a browser
// context of their own (its own cookie) whose page records every page
// error, console error, failed request and request to another host. A game
// is made as players make it: one guest posts a seek in the lobby, another
// accepts it from the lobby's list.
//
// The binary: $CHESSLANTIS_BIN, else target/debug/chesslantis.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { join } from 'node:path';
import { startServer } from './chesslantis-server.mjs';
import { DESKTOP, launchChromium, webDir } from './harness-page.mjs';

export const WAIT = { timeout: 15_000 };
const binary = process.env.CHESSLANTIS_BIN ?? join(webDir, '..', 'target', 'debug', 'chesslantis');

/** The server and the browser, started once per test file; `close` ends both and every guest left open. */
export async function startRealServer() {
  const server = await startServer(binary, webDir);
  const browser = await launchChromium();
  const open = new Set();

  /** A new guest; `init` runs in each of its pages before the page's scripts (a stub). */
  async function guest({ viewport = DESKTOP, init } = {}) {
    const context = await browser.newContext({ viewport });
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', e => problems.push(`page error: ${e.message}`));
    page.on('console', m => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
    page.on('request', r => {
      const u = r.url();
      if (!u.startsWith(server.url) && !u.startsWith(server.url.replace('http', 'ws')) && !u.startsWith('data:')) problems.push(`request to another host: ${u}`);
    });
    page.on('response', r => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    const g = {
      context,
      page,
      problems,
      async done() {
        assert.deepEqual(problems, [], 'no page errors, console errors or failed requests');
        open.delete(g);
        await context.close();
      },
    };
    open.add(g);
    return g;
  }

  /** White posts a seek for `variant` in the lobby; Black accepts it there. Both pages wait on the game page. `users`: each signs up first, under these names. */
  async function newGame(variant, { viewport, init, minutes = 5, increment = 0, users } = {}) {
    const white = await guest({ viewport, init });
    const black = await guest({ viewport, init });
    if (users) {
      for (const [g, name] of [[white, users.white], [black, users.black]]) {
        const r = await g.context.request.post(`${server.url}/api/signup`, { data: { name, password: 'correct horse battery' }, headers: { origin: server.url } });
        assert.equal(r.status(), 201, await r.text());
      }
    }
    await white.page.goto(`${server.url}/`);
    await white.page.waitForSelector(`select[name="variant"] option[value="${variant}"]`, { state: 'attached', ...WAIT });
    await white.page.selectOption('select[name="variant"]', variant);
    await white.page.selectOption('select[name="colour"]', 'white');
    await white.page.fill('input[name="time"]', String(minutes));
    await white.page.fill('input[name="opponent_time"]', String(minutes));
    await white.page.fill('input[name="increment"]', String(increment));
    await white.page.getByRole('button', { name: 'Post an open seek' }).click();
    await white.page.waitForURL(/\/game\/[^/]+$/, WAIT);
    await white.page.waitForSelector('.game[data-ply]', WAIT);
    const id = new URL(white.page.url()).pathname.split('/').pop();
    await black.page.goto(`${server.url}/`);
    await black.page.locator(`tr.seek[data-id="${id}"] button.accept-seek`).click(WAIT);
    await black.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
    for (const g of [white, black]) await g.page.waitForFunction(() => !/Waiting/.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
    return { id, white, black };
  }

  return {
    server,
    browser,
    guest,
    newGame,
    async close() {
      for (const g of open) await g.context.close().catch(() => {});
      await browser?.close();
      await server?.close();
    },
  };
}

/**
 * The real server for a test file: started before its tests and closed after
 * them. The object returned is filled in once it is up (`real.server`,
 * `real.guest`, `real.newGame`, ...: those of `startRealServer`).
 */
export function realServerForFile() {
  const real = {};
  let started;
  before(async () => {
    started = await startRealServer();
    Object.assign(real, started);
  });
  after(async () => {
    await started?.close();
  });
  return real;
}

/**
 * Makes users of `real`'s server: `await user(viewport, grade)` is a new
 * browser guest signed up as a user named `prefix…` (and given `grade`).
 */
export function signedUp(real, prefix) {
  let users = 0;
  return async (viewport, grade) => {
    const g = await real.guest({ viewport });
    const name = `${prefix}${process.pid % 1000}x${++users}`;
    const url = real.server.url;
    const signup = await g.context.request.post(`${url}/api/signup`, { data: { name, password: 'correct horse battery' }, headers: { origin: url } });
    assert.equal(signup.status(), 201, await signup.text());
    if (grade !== undefined) {
      const set = await g.context.request.put(`${url}/api/me`, { data: { grade }, headers: { origin: url } });
      assert.equal(set.status(), 200, await set.text());
    }
    return { ...g, name };
  };
}

export const plyOf = page => page.evaluate(() => Number(document.querySelector('.game')?.dataset.ply ?? -1));

/** Waits until every page has seen a state past `ply` whose turn is no roll. */
export async function settledPast(pages, ply) {
  for (const page of pages) {
    await page.waitForFunction(
      n => Number(document.querySelector('.game')?.dataset.ply ?? -1) > n && !/dice are rolling/.test(document.querySelector('.status')?.textContent ?? ''),
      ply,
      WAIT,
    );
  }
}

/** Types an action into the move box and presses Enter; waits until all `pages` have the new state. */
export async function typeAction(mover, text, pages) {
  const before = await plyOf(mover.page);
  await mover.page.fill('.keyboard input', text);
  await mover.page.press('.keyboard input', 'Enter');
  await settledPast(pages, before);
}

/** Clicks a square's centre (chessground handles it on the next tick). */
export async function clickSquare(page, square) {
  const box = await page.locator(`.sq[data-square="${square}"]`).boundingBox();
  assert.ok(box, `square ${square} is on the page`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(80);
}

export const pieceOn = (page, square) => page.locator(`.sq[data-square="${square}"]`).getAttribute('data-piece');
