// What lichess and pychess players expect, played on the real server (two
// guests through the lobby, desktop and phone): the check glow, premoves,
// stepping through the move list with the replay API, and the sounds of a
// game. (The same on the fixture harness: players.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE } from './harness-page.mjs';
import { WAIT, clickSquare, pieceOn, plyOf, settledPast, startRealServer, typeAction } from './real-server.mjs';

let real;

before(async () => {
  real = await startRealServer();
});

after(async () => {
  await real?.close();
});

const sizes = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

/** The squares whose king glows (our grid's mark and chessground's glowing square agree in number). */
async function glowing(page) {
  await page.waitForFunction(() => document.querySelectorAll('.ground cg-board square.check').length === document.querySelectorAll('.sq.in-check').length, null, WAIT);
  return page.locator('.sq.in-check').evaluateAll(els => els.map(e => e.dataset.square));
}

for (const [label, viewport] of sizes) {
  test(`check on the real server (chess, ${label}): Qh5+ makes Black's king glow on both pages, gone after the answer`, async () => {
    const { white, black } = await real.newGame('chess', { viewport });
    const both = [white.page, black.page];
    await typeAction(white, 'e4', both);
    await typeAction(black, 'f6', both);
    for (const p of both) assert.deepEqual(await glowing(p), []);
    await typeAction(white, 'Qh5+', both);
    for (const p of both) assert.deepEqual(await glowing(p), ['e8']);
    await typeAction(black, 'g6', both);
    for (const p of both) assert.deepEqual(await glowing(p), []);
    await white.done();
    await black.done();
  });
}
