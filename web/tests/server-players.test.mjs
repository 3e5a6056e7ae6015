// What lichess and pychess players expect, played on the real server (two
// guests through the lobby, desktop and phone): the check glow, premoves,
// stepping through the move list with the replay API, the sounds of a
// game, and the marks of what a piece can do now (Knights are God's knight
// power, Bede's Jesters). (The same on the fixture harness: players.test.mjs
// and variants.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, shotsDir } from './harness-page.mjs';
import { WAIT, clickSquare, pieceOn, plyOf, settledPast, realServerForFile, typeAction } from './real-server.mjs';

const real = realServerForFile();

/** The squares whose king glows (our grid's mark and chessground's glowing square agree in number). */
async function glowing(page) {
  await page.waitForFunction(() => document.querySelectorAll('.ground cg-board square.check').length === document.querySelectorAll('.sq.in-check').length, null, WAIT);
  return page.locator('.sq.in-check').evaluateAll(els => els.map(e => e.dataset.square));
}

/**
 * A game of `variant` to a check and out of it, on both pages: White's first
 * move and Black's reply (no glow), White's check (the king on `king` glows),
 * Black's answer (no glow again). `setup` runs first (Beirut's carriers).
 */
async function checkAndAnswer(variant, [first, reply, check, answer], king, { viewport, setup } = {}) {
  const { white, black } = await real.newGame(variant, { viewport });
  const both = [white.page, black.page];
  if (setup) await setup(white, black);
  await typeAction(white, first, both);
  await typeAction(black, reply, both);
  for (const p of both) assert.deepEqual(await glowing(p), []);
  await typeAction(white, check, both);
  for (const p of both) assert.deepEqual(await glowing(p), [king]);
  await typeAction(black, answer, both);
  for (const p of both) assert.deepEqual(await glowing(p), []);
  await white.done();
  await black.done();
}

for (const [label, viewport] of SIZES) {
  test(`check on the real server (chess, ${label}): Qh5+ makes Black's king glow on both pages, gone after the answer`, () =>
    checkAndAnswer('chess', ['e4', 'f6', 'Qh5+', 'g6'], 'e8', { viewport }));
}

// The same check in other variants with check (each with its own move rules
// and events). In Knights are God the pawns a (3,1) leap from a knight
// hold the knight's power, so e4, f6 and g6 each name two pawns there: the
// moves are typed from square to square.
const checkGames = [
  ['circe', ['e4', 'f6', 'Qh5+', 'g6']],
  ['portal', ['e4', 'f6', 'Qh5+', 'g6']],
  ['knights-are-god', ['e2e4', 'f7f6', 'Qh5+', 'g7g6']],
];
for (const [variant, moves] of checkGames) {
  test(`check on the real server (${variant}): Qh5+ makes Black's king glow`, () => checkAndAnswer(variant, moves, 'e8'));
}

// Bede (9x11): the chancellor takes White's own pawn on d3 (friendly capture
// is Bede's rule), Black's a-pawn takes its neighbour on b9, and the
// chancellor slides up the d-file to take d9, a knight's leap from the king
// on e11; the squire on e10 takes it back.
for (const [label, viewport] of SIZES) {
  test(`check on the real server (bede, ${label}): Cxd9+ makes Black's king on e11 glow on both pages, gone after Sexd9`, () =>
    checkAndAnswer('bede', ['c1d3', 'a9b9', 'd3d9', 'e10d9'], 'e11', { viewport }));
}

/** Beirut's setup: White arms the knight on g1, then Black the knight on b8, each by a click and its button. */
async function armKnights(white, black) {
  const both = [white.page, black.page];
  for (const [g, square, name] of [[white, 'g1', 'Arm the knight on g1'], [black, 'b8', 'Arm the knight on b8']]) {
    const before = await plyOf(g.page);
    await clickSquare(g.page, square);
    await g.page.getByRole('button', { name, exact: true }).click();
    await settledPast(both, before);
  }
}

test("check on the real server (beirut): once both carriers are armed, Qh5+ makes Black's king glow", () =>
  checkAndAnswer('beirut', ['e4', 'f6', 'Qh5+', 'g6'], 'e8', { setup: armKnights }));

const premoveMarks = page => page.locator('.ground cg-board square.current-premove').count();

for (const [label, viewport] of SIZES) {
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

const note = page => page.locator('.history-note');
const moveButton = (page, count) => page.locator(`.moves .move[data-count="${count}"]`);

/** Waits until the page shows the note for `count` moves (null: the live game, no note). */
async function showing(page, count) {
  if (count === null) await page.waitForSelector('.history-note', { state: 'hidden', ...WAIT });
  else await page.waitForFunction(n => document.querySelector('.moves .move.current')?.dataset.count === String(n) && !document.querySelector('.history-note').hidden, count, WAIT);
}

for (const [label, viewport] of SIZES) {
  test(`move list on the real server (chess, ${label}): a click and the arrow keys step through the game by the replay API, End returns to the live game; no move is offered meanwhile`, async () => {
    const { white, black } = await real.newGame('chess', { viewport });
    const both = [white.page, black.page];
    for (const [mover, san] of [[white, 'e4'], [black, 'e5'], [white, 'Nf3'], [black, 'Nc6']]) await typeAction(mover, san, both);
    const page = white.page;
    await moveButton(page, 2).click();
    await showing(page, 2);
    assert.equal(await note(page).innerText(), 'Viewing move 2 (e5) — press End for the live game');
    assert.equal(await pieceOn(page, 'e5'), 'black pawn');
    assert.equal(await pieceOn(page, 'f3'), null);
    assert.equal(await pieceOn(page, 'g1'), 'white knight');
    assert.equal(await page.locator('.keyboard').isHidden(), true, 'no typed moves while looking back');
    await clickSquare(page, 'g1');
    assert.equal(await page.locator('.ground square.move-dest').count(), 0, 'no moves offered while looking back');

    await page.screenshot({ path: join(shotsDir, `server-move-list-${label}.png`) });
    await page.keyboard.press('ArrowLeft');
    await showing(page, 1);
    assert.equal(await pieceOn(page, 'e5'), null);
    assert.equal(await pieceOn(page, 'e4'), 'white pawn');
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /start of the game/.test(document.querySelector('.history-note').textContent), null, WAIT);
    assert.equal(await pieceOn(page, 'e4'), null);
    assert.equal(await pieceOn(page, 'e2'), 'white pawn');
    await page.keyboard.press('ArrowRight');
    await showing(page, 1);
    await page.keyboard.press('End');
    await showing(page, null);
    assert.equal(await pieceOn(page, 'f3'), 'white knight');
    assert.equal(await pieceOn(page, 'c6'), 'black knight');
    // From the live game Left shows the move before the last; Right at the last move is the live game again.
    await page.keyboard.press('ArrowLeft');
    await showing(page, 3);
    assert.equal(await pieceOn(page, 'c6'), null);
    await page.keyboard.press('ArrowRight');
    await showing(page, null);
    await clickSquare(page, 'f1');
    assert.ok((await page.locator('.ground square.move-dest').count()) > 0, 'moves offered again in the live game');

    // Black looks back while White moves: the board stays, the list and the turn follow; End shows the move.
    await moveButton(black.page, 1).click();
    await showing(black.page, 1);
    const before = await plyOf(black.page);
    await typeAction(white, 'Bc4', [white.page]);
    await black.page.waitForFunction(n => Number(document.querySelector('.game').dataset.ply) > n, before, WAIT);
    assert.equal(await moveButton(black.page, 5).innerText(), 'Bc4');
    assert.match(await black.page.locator('.status .turn').innerText(), /Your turn/);
    assert.equal(await pieceOn(black.page, 'c4'), null, 'still the position after move 1');
    assert.equal(await pieceOn(black.page, 'e5'), null);
    await black.page.keyboard.press('End');
    await showing(black.page, null);
    assert.equal(await pieceOn(black.page, 'c4'), 'white bishop');
    await typeAction(black, 'Nf6', both);
    await white.done();
    await black.done();
  });
}

/** The row of `colour` and where it stands against the board: its box, its name's text and its clock's box. */
async function row(page, colour) {
  const r = page.locator(`.player-row-${colour}`);
  return {
    box: await r.boundingBox(),
    name: await r.locator('.player-name').innerText(),
    clock: await r.locator('.clock').boundingBox(),
    label: await r.locator('.player-name').boundingBox(),
  };
}

let userCount = 0;
for (const [label, viewport] of SIZES) {
  test(`players on the real server (${label}): each side's name and rating beside its clock, the opponent over the board and the player under it`, async () => {
    userCount++;
    const users = { white: `Ann_${userCount}${label[0]}`, black: `Bob_${userCount}${label[0]}` };
    const { white, black } = await real.newGame('chess', { viewport, users });
    for (const [g, own, other] of [[white, 'white', 'black'], [black, 'black', 'white']]) {
      await g.page.waitForFunction(() => [...document.querySelectorAll('.player-rating')].every(r => r.textContent), null, WAIT);
      const board = await g.page.locator('.board-frame').boundingBox();
      const top = await row(g.page, other);
      const bottom = await row(g.page, own);
      assert.equal(top.name, `${other === 'white' ? 'White' : 'Black'}: ${users[other]} (1500?)`);
      assert.equal(bottom.name, `${own === 'white' ? 'White' : 'Black'}: ${users[own]} (1500?)`);
      assert.ok(top.box.y + top.box.height <= board.y + 1, 'the opponent\'s row is over the board');
      assert.ok(bottom.box.y >= board.y + board.height - 1, 'the player\'s row is under the board');
      for (const r of [top, bottom]) {
        // Side by side: the name left of the clock on one line, both within the screen's width.
        assert.ok(r.label.x + r.label.width <= r.clock.x + 1, 'the name left of the clock');
        assert.ok(Math.abs(r.label.y + r.label.height / 2 - (r.clock.y + r.clock.height / 2)) < r.clock.height / 2, 'on one line');
        assert.ok(r.clock.x + r.clock.width <= viewport.width, 'the clock on the screen');
      }
      assert.equal(await g.page.locator(`.player-row-${other} a.player-link`).getAttribute('href'), `/@/${users[other]}`);
    }
    await white.page.screenshot({ path: join(shotsDir, `server-players-${label}.png`) });
    // Flipped, White's own row goes over the board and Black's under it.
    await white.page.getByRole('button', { name: 'Flip the board' }).click();
    const board = await white.page.locator('.board-frame').boundingBox();
    assert.ok((await row(white.page, 'white')).box.y + 1 < board.y, 'White\'s row over the board once flipped');
    assert.ok((await row(white.page, 'black')).box.y >= board.y + board.height - 1, 'Black\'s row under it');
    await white.done();
    await black.done();
  });
}

test('move list on the real server (beirut): stepping back shows each viewer only what it could see then: its own carrier to each player, none to a spectator', async () => {
  const { id, white, black } = await real.newGame('beirut');
  await armKnights(white, black);
  const spectator = await real.guest();
  await spectator.page.goto(`${real.server.url}/game/${id}`);
  await spectator.page.waitForSelector('.game[data-ply]', WAIT);
  const all = [white.page, black.page, spectator.page];
  await typeAction(white, 'Nf3', all);
  await typeAction(black, 'a6', all);
  const carriers = page => page.locator('.sq.carrier').evaluateAll(els => els.map(e => e.dataset.square));
  for (const [page, seen] of [[white.page, ['g1']], [black.page, ['b8']], [spectator.page, []]]) {
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /start of the game/.test(document.querySelector('.history-note').textContent), null, WAIT);
    assert.equal(await pieceOn(page, 'g1'), 'white knight');
    assert.deepEqual(await carriers(page), seen);
    await page.keyboard.press('ArrowRight');
    await showing(page, 1);
    assert.equal(await pieceOn(page, 'f3'), 'white knight');
    assert.deepEqual(await carriers(page), seen.map(s => (s === 'g1' ? 'f3' : s)));
    if (!seen.length) assert.doesNotMatch(await page.locator('body').innerText(), /carrier: |on g1|on b8/i, 'the spectator is told no carrier');
    await page.keyboard.press('End');
    await showing(page, null);
  }
  for (const g of [white, black, spectator]) await g.done();
});

/** Records the sound files the page asks for instead of playing them. */
const STUB_PLAY = () => {
  window.__played = [];
  HTMLMediaElement.prototype.play = function () {
    window.__played.push(new URL(this.src).pathname.replace('/sounds/', '').replace('.wav', ''));
    return Promise.resolve();
  };
};
const played = page => page.evaluate(() => window.__played);

for (const [label, viewport] of SIZES) {
  test(`sounds on the real server (chess, ${label}): start, move, check, capture and the end, each on both pages; muted, none`, async () => {
    const { white, black } = await real.newGame('chess', { viewport, init: STUB_PLAY });
    const both = [white.page, black.page];
    await white.page.waitForFunction(() => window.__played.length === 1, null, WAIT);
    for (const p of both) assert.deepEqual(await played(p), ['start'], 'the game starts: the creator hears it when the seat is taken, the other on arrival');
    await black.page.getByRole('button', { name: 'Mute sounds' }).click();
    await typeAction(white, 'e4', both);
    await typeAction(black, 'f6', both);
    await typeAction(white, 'Qh5+', both);
    await typeAction(black, 'g6', both);
    await typeAction(white, 'Qxg6+', both);
    await typeAction(black, 'hxg6', both);
    await white.page.getByRole('button', { name: 'Resign' }).click();
    await white.page.getByRole('button', { name: 'Really resign?' }).click();
    for (const p of both) await p.waitForSelector('.status .result', WAIT);
    await white.page.waitForFunction(() => window.__played.at(-1) === 'end', null, WAIT);
    assert.deepEqual(await played(white.page), ['start', 'move', 'move', 'check', 'move', 'check', 'capture', 'end']);
    assert.deepEqual(await played(black.page), ['start'], 'Black muted its page after the start');
    await white.done();
    await black.done();
  });
}

const marked = (page, kind) => page.locator(`.sq.${kind}`).evaluateAll(els => els.map(e => e.dataset.square).sort());

for (const [label, viewport] of SIZES) {
  test(`power marks on the real server (${label}): the knight's power follows the knights in Knights are God; each Jester shows what it copies in Bede`, async () => {
    const kag = await real.newGame('knights-are-god', { viewport });
    let both = [kag.white.page, kag.black.page];
    // At the start the (3,1) leaps of b1 and g1 reach e2 and d2, those of b8 and g8 d7 and e7.
    for (const p of both) await p.waitForSelector('.sq.knight-power', WAIT);
    for (const p of both) assert.deepEqual(await marked(p, 'knight-power'), ['d2', 'd7', 'e2', 'e7']);
    // Nf4 (g1f4): d2 loses the power; the king on e1, a (3,1) leap from f4, gains it.
    await typeAction(kag.white, 'Nf4', both);
    for (const p of both) assert.deepEqual(await marked(p, 'knight-power'), ['d7', 'e1', 'e2', 'e7']);
    assert.match(await kag.black.page.locator('.power-notes').innerText(), /White's pieces that also move as a \(2,1\) knight now: king e1, pawn e2\./);
    await kag.white.done();
    await kag.black.done();

    const bede = await real.newGame('bede', { viewport });
    both = [bede.white.page, bede.black.page];
    for (const p of both) await p.waitForSelector('.sq.jester-idle', WAIT);
    for (const p of both) assert.deepEqual(await marked(p, 'jester-idle'), ['d11', 'f1']);
    await typeAction(bede.white, 'e3d4', both);
    for (const p of both) {
      assert.deepEqual(await marked(p, 'jester-copies'), ['d11'], "Black's Jester copies the pawn White moved");
      assert.deepEqual(await marked(p, 'jester-idle'), ['f1']);
    }
    await typeAction(bede.black, 'b11d8', both);
    for (const p of both) assert.deepEqual(await marked(p, 'jester-copies'), ['d11', 'f1']);
    assert.match(await bede.white.page.locator('.power-notes').innerText(), /White's Jester moves as a zebra \(Black moved a zebra last\)\./);
    await bede.white.done();
    await bede.black.done();
  });
}
