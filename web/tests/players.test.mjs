// What lichess and pychess players expect of the game page, on the fixture
// harness: the check glow on the king's square on every board shape, the
// flip-board control, sounds with their mute switch, premoves, and names for
// screen readers. Each at a desktop and a phone size. (Playing them on the
// real server: server-players.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './serve.mjs';
import { DESKTOP, PHONE, centre, clickSquare, countOf, fixture, launchChromium, openFixture, webDir } from './harness-page.mjs';

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

/** The top-to-bottom order of squares on the page, by their centres. */
const above = async (page, a, b) => (await centre(page, a)).y < (await centre(page, b)).y;
const leftOf = async (page, a, b) => (await centre(page, a)).x < (await centre(page, b)).x;
const texts = (page, selector) => page.locator(selector).allInnerTexts();

for (const [label, viewport] of sizes) {
  test(`flip: the button turns the board, its coordinates and the players' rows, and a new view keeps it (${label})`, async () => {
    const s = await openFixture(browser, server, 'chess-start', { viewport });
    const { page } = s;
    assert.ok(await above(page, 'a8', 'a1'), 'White at the bottom for White');
    assert.ok(await leftOf(page, 'a1', 'h1'));
    assert.equal((await texts(page, '.coords-rows span'))[0], '8');
    assert.equal((await texts(page, '.coords-cols span'))[0], 'a');
    assert.deepEqual(await page.locator('.player-row').evaluateAll(rows => rows.map(r => r.dataset.color)), ['black', 'white']);
    await page.getByRole('button', { name: 'Flip the board' }).click();
    assert.equal(await page.getByRole('button', { name: 'Flip the board' }).getAttribute('aria-pressed'), 'true');
    assert.ok(await above(page, 'a1', 'a8'), 'Black at the bottom once flipped');
    assert.ok(await leftOf(page, 'h1', 'a1'));
    assert.equal((await texts(page, '.coords-rows span'))[0], '1');
    assert.equal((await texts(page, '.coords-cols span'))[0], 'h');
    assert.deepEqual(await page.locator('.player-row').evaluateAll(rows => rows.map(r => r.dataset.color)), ['white', 'black']);
    // The pieces turn with the squares: the white king's image sits on e1.
    await page.waitForTimeout(300);
    const king = await page.locator('.ground piece.k-piece.white').boundingBox();
    const { box } = await centre(page, 'e1');
    assert.ok(Math.abs(king.x - box.x) <= 1 && Math.abs(king.y - box.y) <= 1, `the king on e1: ${JSON.stringify([king, box])}`);
    // The next view is drawn flipped too, and the move sent is the same as unflipped.
    await s.push(fixture('chess-start').messages.at(-1));
    assert.ok(await above(page, 'a1', 'a8'), 'still flipped after a new view');
    await clickSquare(page, 'e2');
    await clickSquare(page, 'e4');
    assert.deepEqual(await s.sent(), ['e2e4']);
    await page.getByRole('button', { name: 'Flip the board' }).click();
    assert.ok(await above(page, 'a8', 'a1'), 'back again');
    await s.close();
  });
}

/** Records the sounds the page asks for instead of playing them: the file names, in order. */
const STUB_PLAY = () => {
  window.__played = [];
  HTMLMediaElement.prototype.play = function () {
    window.__played.push(new URL(this.src).pathname);
    return Promise.resolve();
  };
};
const played = page => page.evaluate(() => window.__played);

/** chess-start's view after White's e4 with these events (a bare view: no ply, so a changed last action is new). */
function afterAction(events, extra = {}) {
  const message = structuredClone(fixture('chess-start').messages.at(-1));
  message.view.to_act = 'black';
  message.view.last = { seat: 'white', text: 'e2e4', events };
  Object.assign(message.view, extra);
  return message;
}
const moved = { kind: 'moved', by: 'white', san: 'e4', words: 'White plays e4' };
const captured = { kind: 'captured', square: 'd5', piece: { color: 'black', role: 'pawn' }, words: 'a black pawn on d5 is captured' };
const check = { kind: 'check', words: 'Check' };

for (const [label, viewport] of sizes) {
  test(`sounds: move, capture, check, the end and the own clock running low each request their file; a resent state none; mute silences them and is remembered (${label})`, async () => {
    const s = await openFixture(browser, server, 'chess-start', { viewport, init: STUB_PLAY });
    const { page } = s;
    assert.deepEqual(await played(page), [], 'opening the page is silent');
    await s.push(afterAction([moved]));
    await s.push(afterAction([moved]));
    await s.push(afterAction([moved, captured]));
    await s.push(afterAction([moved, captured, check]));
    await s.push(afterAction([{ kind: 'moved', by: 'white', san: 'Qxf7#', words: 'White plays Qxf7#' }, check], { outcome: { result: '1-0', winner: 'white', words: 'White wins by checkmate' } }));
    assert.deepEqual(await played(page), ['/sounds/move.wav', '/sounds/capture.wav', '/sounds/check.wav', '/sounds/end.wav']);
    for (const file of await played(page)) {
      const r = await fetch(`${server.url}${file}`);
      assert.equal(r.status, 200, file);
      assert.equal(r.headers.get('content-type'), 'audio/wav');
    }
    // The viewer's own clock (White's) going under 20 s sounds once; Black's does not.
    await s.push({ ...fixture('chess-start').messages.at(-1), clocks: { white_ms: 300_000, black_ms: 15_000, running: 'black' } });
    await s.push({ ...fixture('chess-start').messages.at(-1), clocks: { white_ms: 15_000, black_ms: 15_000, running: 'white' } });
    await page.waitForTimeout(500);
    assert.deepEqual((await played(page)).slice(4), ['/sounds/low-time.wav']);

    const mute = page.getByRole('button', { name: 'Mute sounds' });
    assert.equal(await mute.getAttribute('aria-pressed'), 'false');
    await mute.click();
    assert.equal(await mute.getAttribute('aria-pressed'), 'true');
    assert.equal(await mute.innerText(), 'Sound: off');
    await s.push(afterAction([moved, captured]));
    assert.equal((await played(page)).length, 5, 'muted: no sound');
    // Remembered by the browser: a new page starts muted.
    await page.reload();
    await page.waitForFunction(() => !!window.harness);
    await page.evaluate(f => window.harness.load(f), fixture('chess-start'));
    assert.equal(await page.getByRole('button', { name: 'Mute sounds' }).getAttribute('aria-pressed'), 'true');
    await s.push(afterAction([moved]));
    assert.deepEqual(await played(page), []);
    await page.getByRole('button', { name: 'Mute sounds' }).click();
    await s.push(afterAction([moved, check]));
    assert.deepEqual(await played(page), ['/sounds/check.wav']);
    await s.close();
  });
}

test('sounds: the start of the game when the opponent takes the open seat', async () => {
  const s = await openFixture(browser, server, 'server-state-bermuda-angle', { init: STUB_PLAY });
  const state = structuredClone(fixture('server-state-bermuda-angle').messages.at(-1));
  // Guests' names (guest- and six characters): no profile to ask for.
  Object.assign(state, { ply: 0, status: 'waiting', players: { white: 'guest-ann001', black: null } });
  state.view.moves = [];
  state.view.last = null;
  await s.push(state);
  assert.deepEqual(await played(s.page), []);
  await s.push({ ...state, status: 'playing', players: { white: 'guest-ann001', black: 'guest-bob001' } });
  assert.deepEqual(await played(s.page), ['/sounds/start.wav']);
  await s.close();
});

/** chess-black-waits after White's answer Nf3: Black to move, with these of Black's moves legal. */
function blackToMove(legal) {
  const message = structuredClone(fixture('chess-black-waits').messages.at(-1));
  const view = message.view;
  view.boards[0].pieces.find(p => p.square === 'g1').square = 'f3';
  view.to_act = 'black';
  view.last = { seat: 'white', text: 'g1f3', san: 'Nf3', events: [{ kind: 'moved', by: 'white', san: 'Nf3', words: 'White plays Nf3' }] };
  view.legal = legal.map(([from, to, san]) => ({ text: from + to, from, to, san }));
  return message;
}
const premoveShown = page => countOf(page, '.ground cg-board square.current-premove', 2);

for (const [label, viewport] of sizes) {
  test(`premove: made while White thinks, played when Black's turn comes; one no longer legal is dropped silently; one taken back is not played (${label})`, async () => {
    const s = await openFixture(browser, server, 'chess-black-waits', { viewport });
    const { page } = s;
    await clickSquare(page, 'd7');
    await clickSquare(page, 'd5');
    assert.equal(await premoveShown(page), 2, 'd7 and d5 marked as the premove');
    assert.deepEqual(await s.sent(), [], 'nothing is sent before the turn comes');
    await s.push(blackToMove([['d7', 'd5', 'd5'], ['d7', 'd6', 'd6']]));
    await page.waitForFunction(() => window.harness.sent().length === 1, null, { timeout: 3000 }).catch(() => {});
    assert.deepEqual(await s.sent(), ['d7d5']);
    assert.equal(await countOf(page, '.ground cg-board square.current-premove', 0), 0);

    // A premove the position no longer allows (not in `legal`) is dropped: nothing sent, no mark, no error.
    await s.push(fixture('chess-black-waits').messages.at(-1));
    await clickSquare(page, 'b8');
    await clickSquare(page, 'c6');
    assert.equal(await premoveShown(page), 2);
    await s.push(blackToMove([['d7', 'd5', 'd5']]));
    await page.waitForTimeout(200);
    assert.deepEqual(await s.sent(), ['d7d5']);
    assert.equal(await countOf(page, '.ground cg-board square.current-premove', 0), 0);
    assert.equal(await page.locator('.error').first().innerText(), '');

    // A click on an empty square takes the premove back: nothing is played when the turn comes.
    await s.push(fixture('chess-black-waits').messages.at(-1));
    await clickSquare(page, 'd7');
    await clickSquare(page, 'd5');
    assert.equal(await premoveShown(page), 2);
    await clickSquare(page, 'a4');
    assert.equal(await countOf(page, '.ground cg-board square.current-premove', 0), 0);
    await s.push(blackToMove([['d7', 'd5', 'd5']]));
    await page.waitForTimeout(200);
    assert.deepEqual(await s.sent(), ['d7d5'], 'only the first premove was ever sent');
    await s.close();
  });
}

/** circe-reborn seen by White while Black is to move. */
const circeWhiteWaits = () => {
  const f = structuredClone(fixture('circe-reborn'));
  f.viewer = 'white';
  for (const m of f.messages) m.view.legal = [];
  return f;
};

for (const [label, viewport] of sizes) {
  for (const [name, load, from, to] of [
    ['rejection (the answer to a proposal comes first)', 'model-rejection-waiting', 'd2', 'd4'],
    ['circe (a capture may need its rebirth chosen)', circeWhiteWaits, 'a2', 'a3'],
    ['looking-glass (orders into an unseen world)', 'model-looking-glass-promoted', 'Re1', 'Re2'],
  ]) {
    test(`premove: none in ${name} (${label})`, async () => {
      const s = await openFixture(browser, server, typeof load === 'function' ? load() : load, { viewport });
      await clickSquare(s.page, from);
      await clickSquare(s.page, to);
      await s.page.waitForTimeout(200);
      assert.equal(await s.page.locator('.ground cg-board square.current-premove').count(), 0);
      assert.equal(await s.page.locator('.ground cg-board square.premove-dest').count(), 0);
      assert.deepEqual(await s.sent(), []);
      await s.close();
    });
  }
}

for (const [label, viewport] of sizes) {
  test(`screen readers: the board is a named region, the controls have names, the moves a labelled list, and the last move is announced (${label})`, async () => {
    const s = await openFixture(browser, server, 'chess-start', { viewport });
    const { page } = s;
    assert.equal(await page.getByRole('region', { name: 'Chess board, White at the bottom' }).count(), 1);
    for (const name of ['Flip the board', 'Mute sounds', 'Resign']) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
    assert.equal(await page.getByRole('textbox', { name: 'Type a move' }).count(), 1);
    assert.equal(await page.getByRole('timer', { name: "White's clock" }).count(), 1);
    assert.equal(await page.getByRole('timer', { name: "Black's clock" }).count(), 1);

    await s.push(afterAction([moved, check], { moves: [{ seat: 'white', san: 'e4' }] }));
    const list = page.getByRole('list', { name: 'Moves' });
    assert.equal(await list.getByRole('listitem').count(), 1);
    assert.equal(await list.getByRole('button', { name: '1. White: e4', exact: true }).count(), 1);
    assert.equal(await page.locator('[aria-live="polite"]').innerText(), 'White plays e4. Check');
    for (const name of ['First position (Home)', 'Previous move (Left arrow)', 'Next move (Right arrow)', 'Live game (End)']) {
      assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
    }
    await page.getByRole('button', { name: 'Flip the board' }).click();
    assert.equal(await page.getByRole('region', { name: 'Chess board, Black at the bottom' }).count(), 1);
    await s.close();
  });
}

test('screen readers: each of the two boards is a region named by its title', async () => {
  const s = await openFixture(browser, server, 'bermuda-two-board-start');
  const names = await s.page.getByRole('region').evaluateAll(els => els.map(e => e.getAttribute('aria-label')));
  assert.deepEqual(names, ['Lower board (human pieces), White at the bottom', 'Upper board (alien pieces), quarter-turned, White at the bottom']);
  await s.close();
});
