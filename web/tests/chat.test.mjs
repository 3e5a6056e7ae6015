// The game's chat on the real server, desktop and phone (two guests through
// the lobby, a signed-in spectator, a guest spectator): the players' room and
// the spectators' room kept apart, a line shown as text whatever it holds,
// and a mute that hides a writer's lines and survives a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, shotsDir } from './harness-page.mjs';
import { WAIT, realServerForFile } from './real-server.mjs';

const real = realServerForFile();

/** Types a line into the chat and sends it with Enter; waits until it is back on the writer's page. */
async function say(page, text) {
  const before = await page.locator('.chat-line').count();
  await page.fill('.chat-form input', text);
  await page.press('.chat-form input', 'Enter');
  await page.waitForFunction(n => document.querySelectorAll('.chat-line').length > n, before, WAIT);
}

/** The lines shown, as `name: text`. */
const shown = page => page.locator('.chat-line').evaluateAll(els => els.map(e => `${e.querySelector('.chat-by').textContent}: ${e.querySelector('.chat-text').textContent}`));

/** Waits until the page shows exactly `lines`. */
async function showing(page, lines) {
  await page.waitForFunction(
    want => JSON.stringify([...document.querySelectorAll('.chat-line')].map(e => `${e.querySelector('.chat-by').textContent}: ${e.querySelector('.chat-text').textContent}`)) === want,
    JSON.stringify(lines),
    WAIT,
  ).catch(async e => {
    assert.deepEqual(await shown(page), lines);
    throw e;
  });
}

/** The players' public names, as the game's state gives them. */
async function names(g, id) {
  const r = await g.context.request.get(`${real.server.url}/api/games/${id}`);
  const { players } = await r.json();
  return [players.white, players.black];
}

/** A spectator on the game's page: a user when `name` is given (signed up first), else a guest. */
async function spectator(id, viewport, name) {
  const g = await real.guest({ viewport });
  if (name) {
    const r = await g.context.request.post(`${real.server.url}/api/signup`, { data: { name, password: 'correct horse battery' }, headers: { origin: real.server.url } });
    assert.equal(r.status(), 201, await r.text());
  }
  await g.page.goto(`${real.server.url}/game/${id}`);
  await g.page.waitForSelector('.chat:not([hidden])', WAIT);
  return g;
}

let users = 0;
for (const [label, viewport] of SIZES) {
  test(`chat on the real server (${label}): the players talk in their room, a spectator in the spectators' room, neither sees the other's; a line is text, never HTML`, async () => {
    const { id, white, black } = await real.newGame('chess', { viewport });
    for (const g of [white, black]) {
      await g.page.waitForSelector('.chat:not([hidden])', WAIT);
      assert.equal(await g.page.locator('.chat-title').innerText(), 'Chat with your opponent');
    }
    const [whiteName, blackName] = await names(white, id);
    await say(white.page, 'hello <b>there</b> & good luck');
    await say(black.page, 'you too');
    const players = [`${whiteName}: hello <b>there</b> & good luck`, `${blackName}: you too`];
    for (const g of [white, black]) await showing(g.page, players);
    assert.equal(await white.page.locator('.chat-lines b').count(), 0, 'the line is text: no element made from it');
    assert.equal(await white.page.locator('.chat-line .chat-mute').count(), 1, 'a mute for the opponent, none for one\'s own lines');

    const name = `watch${label[0]}${++users}${Date.now() % 100000}`;
    const watcher = await spectator(id, viewport, name);
    assert.equal(await watcher.page.locator('.chat-title').innerText(), 'Spectators');
    await showing(watcher.page, []);
    await say(watcher.page, 'who is better?');
    await showing(watcher.page, [`${name}: who is better?`]);
    const guest = await spectator(id, viewport);
    await showing(guest.page, [`${name}: who is better?`]);
    assert.equal(await guest.page.locator('.chat-form').isHidden(), true, 'a guest watching does not write');
    assert.match(await guest.page.locator('.chat-note').innerText(), /Sign up or log in/);
    // A player's line after the spectator's: had the spectator's line reached the players, it would be there by now.
    await say(white.page, 'your move');
    players.push(`${whiteName}: your move`);
    for (const g of [white, black]) {
      await showing(g.page, players);
      assert.doesNotMatch(await g.page.locator('body').innerText(), /who is better/);
    }
    await showing(watcher.page, [`${name}: who is better?`]);
    assert.doesNotMatch(await watcher.page.locator('body').innerText(), /good luck|your move/);

    // The chat fits the screen, its input too.
    for (const g of [white, watcher]) {
      await g.page.locator('.chat-form input').scrollIntoViewIfNeeded();
      const box = await g.page.locator('.chat').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `the chat within the screen's width (${JSON.stringify(box)})`);
      const input = await g.page.locator('.chat-form input').boundingBox();
      assert.ok(input.width > 100 && input.x + input.width <= viewport.width, 'the input is usable');
    }
    await white.page.screenshot({ path: join(shotsDir, `chat-${label}.png`), fullPage: true });
    for (const g of [white, black, watcher, guest]) await g.done();
  });

  test(`chat on the real server (${label}): muting a writer hides their lines, new ones too, and survives a reload; unmuting shows them again`, async () => {
    const { id, white, black } = await real.newGame('chess', { viewport });
    await black.page.waitForSelector('.chat:not([hidden])', WAIT);
    const [whiteName, blackName] = await names(white, id);
    await say(white.page, 'buy cheap pawns at example.com');
    await say(black.page, 'no thanks');
    await showing(black.page, [`${whiteName}: buy cheap pawns at example.com`, `${blackName}: no thanks`]);
    await black.page.getByRole('button', { name: `Mute ${whiteName}` }).click();
    await showing(black.page, [`${blackName}: no thanks`]);
    assert.match(await black.page.locator('.chat-muted').innerText(), new RegExp(`Muted:\\s*${whiteName}`));
    await say(white.page, 'last chance');
    await showing(white.page, [`${whiteName}: buy cheap pawns at example.com`, `${blackName}: no thanks`, `${whiteName}: last chance`]);
    await black.page.reload();
    await black.page.waitForSelector('.chat:not([hidden])', WAIT);
    await showing(black.page, [`${blackName}: no thanks`]);
    assert.deepEqual(await black.page.evaluate(() => JSON.parse(localStorage.getItem('chesslantis.chat.muted'))), [whiteName]);
    await black.page.getByRole('button', { name: `Unmute ${whiteName}` }).click();
    await showing(black.page, [`${whiteName}: buy cheap pawns at example.com`, `${blackName}: no thanks`, `${whiteName}: last chance`]);
    assert.equal(await black.page.locator('.chat-muted').isHidden(), true);
    await white.done();
    await black.done();
  });
}
