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

const premoveMarks = page => page.locator('.ground cg-board square.current-premove').count();

for (const [label, viewport] of sizes) {
  test(`premove on the real server (chess, ${label}): d4 made ahead is played at once after Black's e5; dxe5 made ahead is dropped after exd4`, async () => {
    const { white, black } = await real.newGame('chess', { viewport });
    const both = [white.page, black.page];
    await typeAction(white, 'e4', both);
    await clickSquare(white.page, 'd2');
    await clickSquare(white.page, 'd4');
    assert.equal(await premoveMarks(white.page), 2);
    const before = await plyOf(white.page);
    await typeAction(black, 'e5', [black.page]);
    // White's premove is played without a click: the state after it reaches both pages.
    await settledPast(both, before + 1);
    for (const p of both) assert.equal(await pieceOn(p, 'd4'), 'white pawn');
    assert.equal(await premoveMarks(white.page), 0);
    assert.match(await black.page.locator('.status .turn').innerText(), /Your turn/);

    await clickSquare(white.page, 'd4');
    await clickSquare(white.page, 'e5');
    assert.equal(await premoveMarks(white.page), 2);
    await typeAction(black, 'exd4', both);
    await white.page.waitForFunction(() => document.querySelectorAll('.ground cg-board square.current-premove').length === 0, null, WAIT);
    await white.page.waitForTimeout(300);
    assert.equal(await pieceOn(white.page, 'e5'), null, 'the dropped premove was not played');
    assert.match(await white.page.locator('.status .turn').innerText(), /Your turn/);
    assert.equal(await white.page.locator('.panel > .error').innerText(), '');
    await white.done();
    await black.done();
  });

  test(`premove on the real server: none in Rejection, where White's next decision is an answer (${label})`, async () => {
    const { white, black } = await real.newGame('rejection', { viewport });
    const both = [white.page, black.page];
    await typeAction(white, 'e4', both);
    await clickSquare(white.page, 'd2');
    await clickSquare(white.page, 'd4');
    assert.equal(await premoveMarks(white.page), 0);
    await white.done();
    await black.done();
  });
}
