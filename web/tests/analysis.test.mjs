// The analysis board (/analysis), at a phone's size and a desktop's, on the
// real server:
// - a finished game's computer analysis: a chess game to a hung queen
//   (1. e4 d5 2. Qg4?? Bxg4) and a resignation, played through the API; its
//   analysis page asks for the analysis, shows the progress, then the graph
//   with a blunder's dot on Qg4 (a click goes to that move) and "Blunder"
//   beside it in the move list; a game still being played is not opened;
// - the live engine against a fake /ws/analysis socket (playwright's
//   routeWebSocket, speaking docs/protocol.md's "Live analysis"): the
//   evaluation bar and number follow the `eval` messages, the lines are
//   shown in SAN, a roll's odds, the errors in players' words and the retry,
//   and a move played on the board is sent as an `analyse` with its action,
//   on every variant's board (Bermuda's two, Bede's 9x11); a line that
//   leaves a finished game's moves, and the way back to them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, fixture, shotsDir } from './harness-page.mjs';
import { WAIT, clickSquare, pieceOn, realServerForFile } from './real-server.mjs';

const real = realServerForFile();

/** White's share of the bar for centipawns `cp`, as lichess's winning chances give it (docs/protocol.md, "Analysis"). */
const shareOf = cp => Math.round((50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1)) * 10) / 10;

const startView = fixture('chess-start').messages[0].view;

/** The chess start with White's e-pawn on e4: Black to move. */
const afterE4 = {
  ...startView,
  boards: [{ ...startView.boards[0], pieces: startView.boards[0].pieces.map(p => (p.square === 'e2' ? { ...p, square: 'e4' } : p)) }],
  to_act: 'black',
  legal: [{ text: 'e7e5', from: 'e7', to: 'e5', san: 'e5' }],
  last: { seat: 'white', text: 'e2e4', san: 'e4', events: [] },
  moves: [{ seat: 'white', san: 'e4' }],
};

/**
 * A fake analysis socket on `page`: records every frame the page sends, and
 * answers each `analyse` with `answer(request)` (a position message, or null
 * for none).
 */
async function fakeEngine(page, answer) {
  const sent = [];
  let socket = null;
  await page.routeWebSocket(/\/ws\/analysis$/, ws => {
    socket = ws;
    ws.onMessage(text => {
      const frame = JSON.parse(String(text));
      sent.push(frame);
      const reply = frame.type === 'analyse' ? answer(frame) : null;
      if (reply) ws.send(JSON.stringify(reply));
    });
  });
  return {
    sent,
    send: message => socket.send(JSON.stringify(message)),
    /** Waits for an `analyse` frame after the first `from` frames that `match` accepts. */
    async analysed(match, from = 0) {
      for (let i = 0; i < 150; i++) {
        const hit = sent.slice(from).find(f => f.type === 'analyse' && match(f));
        if (hit) return hit;
        await new Promise(r => setTimeout(r, 100));
      }
      assert.fail(`no analyse frame as expected among ${JSON.stringify(sent)}`);
    },
  };
}

/** The chess board's answer: the start, or the position after e4. */
const chessPositions = request => ({
  type: 'position',
  view: request.actions.length ? afterE4 : startView,
  san: request.actions.length ? ['e4'] : [],
});

const barWidth = page => page.locator('.eval-white').evaluate(e => e.style.width);
const fitsSideways = page => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [label, viewport] of SIZES) {
  test(`the analysis board (${label}): the engine's evaluations, lines and errors; a move on the board is analysed`, async () => {
    const g = await real.guest({ viewport });
    const { page } = g;
    const engine = await fakeEngine(page, chessPositions);
    await page.goto(`${real.server.url}/analysis`);
    const first = await engine.analysed(f => f.actions.length === 0);
    assert.deepEqual(first, { type: 'analyse', variant: 'chess', fen: null, actions: [], lines: 1 });
    await page.waitForSelector('.sq[data-square="e2"][data-piece]', WAIT);
    assert.match(await page.locator('.status').innerText(), /Analysis board/);

    // The bar and the number follow each evaluation; the best line in SAN.
    engine.send({ type: 'eval', depth: 5, nodes: 1000, lines: [{ score: { cp: 34 }, san: ['e4', 'e5', 'Nf3'], uci: ['e2e4', 'e7e5', 'g1f3'] }], done: false });
    await page.waitForFunction(() => document.querySelector('.eval-number')?.textContent === '+0.34', null, WAIT);
    assert.equal(await barWidth(page), `${shareOf(34)}%`);
    assert.equal(await page.locator('.engine-line').innerText(), '+0.34 e4 e5 Nf3');
    assert.match(await page.locator('.eval-depth').innerText(), /Depth 5/);
    engine.send({ type: 'eval', depth: 9, lines: [{ score: { cp: -250 }, san: ['d4'], uci: ['d2d4'] }], done: true });
    await page.waitForFunction(() => document.querySelector('.eval-number')?.textContent === '-2.50', null, WAIT);
    assert.equal(await barWidth(page), `${shareOf(-250)}%`);
    assert.ok(parseFloat(await barWidth(page)) < 50, "Black's advantage: White's share under half");
    engine.send({ type: 'eval', depth: 11, lines: [{ score: { mate: 3 }, san: ['Qh5', 'Nc6', 'Bc4'], uci: [] }], done: true });
    await page.waitForFunction(() => document.querySelector('.eval-number')?.textContent === '#3', null, WAIT);
    assert.equal(await barWidth(page), '100%');

    // A position the variant's engine cannot value, and one that is over: words instead of a number.
    engine.send({ type: 'eval', lines: [], note: 'no evaluation: the engine judges only from a player\'s view', done: true });
    await page.waitForSelector('.engine-note', WAIT);
    assert.equal(await page.locator('.engine-note').innerText(), "no evaluation: the engine judges only from a player's view");
    assert.equal(await page.locator('.eval-number').innerText(), '–');
    engine.send({ type: 'eval', over: '1-0 White wins by checkmate', lines: [], done: true });
    await page.waitForSelector('.engine-over', WAIT);
    assert.equal(await page.locator('.engine-over').innerText(), 'The game is over: 1-0 White wins by checkmate');
    assert.equal(await barWidth(page), '50%');

    // Three lines asked for: the request says so, and three are shown.
    const before = engine.sent.length;
    await page.getByRole('combobox', { name: 'Best lines shown' }).selectOption('3');
    await engine.analysed(f => f.lines === 3, before);
    await page.waitForTimeout(100);
    const three = ['e4', 'd4', 'Nf3'].map((m, i) => ({ score: { cp: 30 - i * 10 }, san: [m], uci: [] }));
    engine.send({ type: 'eval', depth: 6, lines: three, done: false });
    await page.waitForFunction(() => document.querySelectorAll('.engine-line').length === 3, null, WAIT);
    assert.deepEqual(await page.locator('.line-moves').allInnerTexts(), ['e4', 'd4', 'Nf3']);

    // The protocol's errors in players' words; a busy engine is asked again (at once with the button).
    engine.send({ type: 'error', code: 'busy', message: 'every analysis slot is taken' });
    await page.waitForSelector('.engine-error', WAIT);
    assert.equal(await page.locator('.engine-error p').innerText(), "The engine is busy with other players' analyses; it tries again in a few seconds.");
    await page.screenshot({ path: join(shotsDir, `analysis-busy-${label}.png`), fullPage: true });
    const beforeRetry = engine.sent.length;
    await page.getByRole('button', { name: 'Try again now' }).click();
    await engine.analysed(f => f.actions.length === 0, beforeRetry);
    engine.send({ type: 'error', code: 'bad_position', message: 'the FEN has no white king' });
    await page.waitForFunction(() => /cannot be set up: the FEN has no white king/.test(document.querySelector('.engine-error')?.textContent ?? ''), null, WAIT);

    // A move on the board (two clicks) is sent as the next action, and the list shows it.
    const beforeMove = engine.sent.length;
    await clickSquare(page, 'e2');
    await clickSquare(page, 'e4');
    const moved = await engine.analysed(f => f.actions.length === 1, beforeMove);
    assert.deepEqual(moved.actions, ['e2e4']);
    await page.waitForFunction(() => document.querySelector('.analysis-moves .move')?.textContent === 'e4', null, WAIT);
    assert.equal(await pieceOn(page, 'e4'), 'white pawn');
    // Stepping back and forth (the arrow keys) asks for the position before and after it.
    const beforeBack = engine.sent.length;
    await page.keyboard.press('ArrowLeft');
    await engine.analysed(f => f.actions.length === 0, beforeBack);
    await page.waitForSelector('.sq[data-square="e2"][data-piece]', WAIT);
    const beforeForward = engine.sent.length;
    await page.keyboard.press('ArrowRight');
    assert.deepEqual((await engine.analysed(f => f.actions.length === 1, beforeForward)).actions, ['e2e4']);
    engine.send({ type: 'eval', depth: 7, lines: [{ score: { cp: 20 }, san: ['e5', 'Nf3'], uci: [] }], done: false });
    await page.waitForFunction(() => document.querySelector('.eval-number')?.textContent === '+0.20', null, WAIT);
    assert.ok(await fitsSideways(page), 'no sideways scrolling');
    await page.screenshot({ path: join(shotsDir, `analysis-board-${label}.png`), fullPage: true });
    await g.done();
  });
}

test('the analysis board before a roll: the expected value and each roll with its odds and value', async () => {
  const chance = fixture('bermuda-angle-chance').messages[0].view;
  const g = await real.guest();
  const engine = await fakeEngine(g.page, () => ({ type: 'position', view: chance, san: [] }));
  await g.page.goto(`${real.server.url}/analysis?variant=bermuda-angle`);
  const asked = await engine.analysed(() => true);
  assert.equal(asked.variant, 'bermuda-angle');
  await g.page.waitForSelector('.board', WAIT);
  const rolls = [1, 2, 3, 4, 5, 6].map(n => ({ action: `roll ${n}`, probability: 1 / 6, score: { cp: n * 10 - 30 } }));
  engine.send({ type: 'eval', depth: 4, chance: rolls, expected: { cp: 5 }, done: true });
  await g.page.waitForSelector('.roll-odds', WAIT);
  assert.equal(await g.page.locator('.roll-odds caption').innerText(), 'The dice decide: expected value +0.05');
  const rows = await g.page.locator('.roll-outcome').evaluateAll(rs => rs.map(r => [...r.cells].map(c => c.textContent)));
  assert.deepEqual(rows[0], ['roll 1', '16.7%', '-0.20']);
  assert.deepEqual(rows[5], ['roll 6', '16.7%', '+0.30']);
  assert.equal(await barWidth(g.page), `${shareOf(5)}%`);
  await g.page.screenshot({ path: join(shotsDir, 'analysis-chance.png'), fullPage: true });
  await g.done();
});

// Every variant's board as the game page draws it: Bermuda's two boards (a
// move between them sent as the action), Bede's 9x11.
for (const [name, boards, squares, [from, to, action]] of [
  ['bermuda-two-board-start', 2, 128, ['Ub1', 'Lh2', 'Ub1Lh2']],
  ['bede', 1, 99, ['e3', 'd4', 'e3d4']],
]) {
  const view = fixture(name).messages[0].view;
  test(`the analysis board draws ${view.variant} as the game does, and a move on it is analysed`, async () => {
    const g = await real.guest();
    const engine = await fakeEngine(g.page, () => ({ type: 'position', view, san: [] }));
    await g.page.goto(`${real.server.url}/analysis?variant=${view.variant}`);
    await g.page.waitForSelector(`.sq[data-square="${from}"][data-piece]`, WAIT);
    assert.equal(await g.page.locator('.board').count(), boards);
    assert.equal(await g.page.locator('.sq').count(), squares);
    const before = engine.sent.length;
    await clickSquare(g.page, from);
    await clickSquare(g.page, to);
    const moved = await engine.analysed(f => f.actions.length === 1, before);
    assert.deepEqual([moved.variant, moved.actions], [view.variant, [action]]);
    await g.page.screenshot({ path: join(shotsDir, `analysis-${view.variant}.png`), fullPage: true });
    await g.done();
  });
}

/** A guest signed up as `name`, and a POST in its name. */
async function user(name, viewport) {
  const g = await real.guest({ viewport });
  const base = real.server.url;
  g.post = (path, data) => g.context.request.post(`${base}${path}`, { data, headers: { origin: base } });
  const r = await g.post('/api/signup', { name, password: 'correct horse battery' });
  assert.equal(r.status(), 201, await r.text());
  return g;
}

/** A chess game between two new users, White's challenge link accepted by Black, with `actions` played through the API. */
async function apiGame(names, actions, viewport) {
  const white = await user(names[0], viewport);
  const black = await user(names[1], viewport);
  const created = await white.post('/api/games', { variant: 'chess', colour: 'white', time_ms: 600_000 });
  assert.equal(created.status(), 201, await created.text());
  const { id } = await created.json();
  const accepted = await black.post(`/api/games/${id}/accept`);
  assert.equal(accepted.status(), 200, await accepted.text());
  for (const [ply, action] of actions.entries()) {
    const by = ply % 2 === 0 ? white : black;
    const r = await by.post(`/api/games/${id}/actions`, { ply, action });
    assert.equal(r.status(), 200, `${action}: ${await r.text()}`);
  }
  return { id, white, black };
}

/**
 * Whether this server has the live analysis socket: until it does, the
 * finished game's page gets a silent fake (its board stays empty; the
 * computer analysis, the move list and the graph are the real server's).
 */
async function withoutLiveSocket(page) {
  const r = await fetch(`${real.server.api}/ws/analysis`);
  if (r.status === 404) await page.routeWebSocket(/\/ws\/analysis$/, () => {});
}

/** Takes the page's expected refusals off its list of problems (the rest must stay empty). */
function expect(g, pattern) {
  const i = g.problems.findIndex(p => pattern.test(p));
  assert.ok(i >= 0, `expected a problem like ${pattern} among ${JSON.stringify(g.problems)}`);
  g.problems.splice(i, 1);
}

for (const [label, viewport] of SIZES) {
  test(`a finished game's computer analysis (${label}): requested, its progress, the graph's blunder on the hung queen, "Blunder" in the move list`, async () => {
    const tag = label.slice(0, 3);
    const { id, white, black } = await apiGame([`hung_w_${tag}`, `hung_b_${tag}`], ['e2e4', 'd7d5', 'd1g4', 'c8g4', 'resign'], viewport);
    // The game page's end panel links to the analysis board.
    await white.page.goto(`${real.server.url}/game/${id}`);
    await white.page.waitForSelector('.status .result', WAIT);
    const analyse = white.page.getByRole('link', { name: 'Analyse' });
    assert.equal(await analyse.getAttribute('href'), `/analysis?game=${id}`);
    await withoutLiveSocket(white.page);
    await analyse.click();
    await white.page.waitForURL(/\/analysis\?game=/, WAIT);
    const page = white.page;
    const request = page.getByRole('button', { name: 'Request computer analysis' });
    await request.waitFor(WAIT);
    // Every status the section shows, in order: the progress comes before the result.
    await page.evaluate(() => {
      const section = document.querySelector('.computer-analysis');
      window.statuses = [section.dataset.status];
      new MutationObserver(() => window.statuses.push(section.dataset.status)).observe(section, { attributes: true, attributeFilter: ['data-status'] });
    });
    await request.click();
    await page.waitForSelector('.computer-analysis[data-status="done"]', { timeout: 120_000 });
    const statuses = await page.evaluate(() => window.statuses);
    assert.equal(statuses[0], 'none');
    assert.ok(['queued', 'running'].includes(statuses[1]), `the progress first: ${statuses}`);
    // Qg4 is the game's third action: its point is the third, marked a blunder in lichess's red.
    const dots = await page.locator('.graph-dot').evaluateAll(ds => ds.map(d => [d.dataset.count, d.dataset.judgement, d.getAttribute('fill')]));
    assert.deepEqual(dots.find(d => d[0] === '3'), ['3', 'Blunder', '#db3031'], `a blunder's dot on Qg4: ${JSON.stringify(dots)}`);
    const qg4 = page.locator('.analysis-moves button.move[data-count="3"]');
    assert.equal(await qg4.getAttribute('data-judgement'), 'Blunder');
    assert.equal(await qg4.innerText(), 'Qg4??');
    const comment = await page.locator('.analysis-moves .judgement-blunder').first().innerText();
    assert.match(comment, /^Blunder\. \S+ was best\.$/);
    assert.match(await page.locator('.summary-white .count-blunder').innerText(), /^[1-9]\d* blunders?$/);
    assert.match(await page.locator('.summary-white .accuracy').innerText(), /^Accuracy: \d+(\.\d)?%$/);
    // A click on the blunder's dot goes to that move.
    await page.locator('.graph-dot[data-count="3"]').click();
    await page.waitForFunction(() => document.querySelector('.analysis-moves [aria-current="step"]')?.dataset.count === '3', null, WAIT);
    assert.ok(await fitsSideways(page), 'no sideways scrolling');
    await page.screenshot({ path: join(shotsDir, `analysis-game-${label}.png`), fullPage: true });
    // Black, too, sees it done (anyone reads it) with the same marks.
    await withoutLiveSocket(black.page);
    await black.page.goto(`${real.server.url}/analysis?game=${id}`);
    await black.page.waitForSelector('.graph-dot[data-count="3"][data-judgement="Blunder"]', WAIT);
    await white.done();
    await black.done();
  });
}

test("a line that leaves the game's moves drops their judgements from there on, and the way back brings them again", async () => {
  const { id, white } = await apiGame(['leave_w', 'leave_b'], ['e2e4', 'd7d5', 'd1g4', 'c8g4', 'resign']);
  assert.equal((await white.post(`/api/games/${id}/analysis`)).status(), 200);
  let state;
  for (let i = 0; i < 600 && state?.status !== 'done'; i++) {
    if (i) await new Promise(r => setTimeout(r, 200));
    state = await (await white.context.request.get(`${real.server.url}/api/games/${id}/analysis`)).json();
  }
  assert.equal(state.status, 'done', JSON.stringify(state));
  // The fake engine draws the start whatever it is asked: what counts here is the line the page keeps.
  const engine = await fakeEngine(white.page, request => ({ type: 'position', view: startView, san: request.actions }));
  await white.page.goto(`${real.server.url}/analysis?game=${id}`);
  const qg4 = white.page.locator('.analysis-moves button.move[data-count="3"]');
  await white.page.waitForSelector('.analysis-moves button.move[data-count="3"][data-judgement="Blunder"]', WAIT);
  const back = white.page.getByRole('button', { name: "Back to the game's moves" });
  assert.equal(await back.isVisible(), false);
  // After 1. e4 d5 a move of one's own instead of Qg4: the line goes on from there, Qg4 and its judgement gone.
  await white.page.locator('.analysis-moves button.move[data-count="2"]').click();
  await engine.analysed(f => f.actions.length === 2);
  await white.page.waitForSelector('.analysis-moves [aria-current="step"][data-count="2"]', WAIT);
  await clickSquare(white.page, 'g1');
  await clickSquare(white.page, 'f3');
  assert.deepEqual((await engine.analysed(f => f.actions.length === 3)).actions, ['e2e4', 'd7d5', 'g1f3']);
  await white.page.waitForFunction(() => !document.querySelector('.judgement'), null, WAIT);
  assert.equal(await white.page.locator('.analysis-moves button.move').count(), 3);
  assert.equal(await qg4.getAttribute('data-judgement'), null);
  await back.click();
  await white.page.waitForSelector('.analysis-moves button.move[data-count="3"][data-judgement="Blunder"]', WAIT);
  assert.equal(await white.page.locator('.analysis-moves button.move').count(), 5);
  assert.equal(await back.isVisible(), false);
  await white.done();
});

test('a game still being played is not analysed: the page says so and shows no board', async () => {
  const { id, white } = await apiGame(['playing_w', 'playing_b'], ['e2e4'], undefined);
  await withoutLiveSocket(white.page);
  await white.page.goto(`${real.server.url}/analysis?game=${id}`);
  await white.page.waitForSelector('.analysis-notice:not([hidden])', WAIT);
  assert.equal(await white.page.locator('.analysis-notice').innerText(), 'This game is still being played: analysis opens when it ends.');
  assert.equal(await white.page.locator('.board').count(), 0);
  assert.equal(await white.page.getByRole('button', { name: 'Request computer analysis' }).count(), 0);
  expect(white, /^409 .*\/export$/);
  expect(white, /^console error: .*409/);
  await white.done();
});
