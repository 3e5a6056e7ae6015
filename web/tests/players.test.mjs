// What lichess and pychess players expect of the game page, on the fixture
// harness: the check glow on the king's square on every board shape, the
// flip-board control, sounds with their mute switch, premoves, and names for
// screen readers. Each at a desktop and a phone size. (Playing them on the
// real server: server-players.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './serve.mjs';
import { DESKTOP, PHONE, centre, countOf, fixture, launchChromium, openFixture, webDir } from './harness-page.mjs';

let server;
let browser;

before(async () => {
  server = await serve(webDir);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const sizes = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];
const other = c => (c === 'white' ? 'black' : 'white');

/** The fixture's last view, as if the last action had given check to the side to act. */
function checkFrame(name) {
  const message = structuredClone(fixture(name).messages.at(-1));
  const view = message.view;
  view.last = { seat: other(view.to_act), text: null, events: [{ kind: 'check', words: 'Check' }] };
  return message;
}

/** Whether chessground's glowing square sits on our square `square` (its centre inside it). */
async function glowOn(page, square) {
  const glow = await page.locator('.ground cg-board square.check').boundingBox();
  const { box } = await centre(page, square);
  const [x, y] = [glow.x + glow.width / 2, glow.y + glow.height / 2];
  return x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;
}

// One fixture of each board shape: 8x8, Bede's 9x11, Bermuda's 10x10, and the two boards.
const shapes = [
  ['chess-start', 'e1'],
  ['bede', null],
  ['bermuda-angle-move', null],
  ['bermuda-two-board-start', null],
];

for (const [label, viewport] of sizes) {
  for (const [name, given] of shapes) {
    test(`check: the king in check glows on its own square (${name}, ${label})`, async () => {
      const s = await openFixture(browser, server, name, { viewport });
      const view = fixture(name).messages.at(-1).view;
      const kings = view.boards.flatMap(b => b.pieces).filter(p => p.role === 'king' && p.color === view.to_act).map(p => p.square);
      assert.ok(kings.length >= 1);
      if (given) assert.deepEqual(kings, [given]);
      assert.equal(await s.page.locator('.ground cg-board square.check').count(), 0, 'nobody is in check yet');
      await s.push(checkFrame(name));
      assert.deepEqual(await s.page.locator('.sq.in-check').evaluateAll(els => els.map(e => e.dataset.square).sort()), [...kings].sort());
      assert.equal(await countOf(s.page, '.ground cg-board square.check', kings.length), kings.length);
      if (kings.length === 1) assert.ok(await glowOn(s.page, kings[0]), `the glow is on ${kings[0]}`);
      // The next view without check takes the glow away.
      await s.push(fixture(name).messages.at(-1));
      assert.equal(await countOf(s.page, '.ground cg-board square.check', 0), 0);
      assert.equal(await s.page.locator('.sq.in-check').count(), 0);
      await s.close();
    });
  }
}
