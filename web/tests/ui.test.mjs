// The game page in a real browser (Debian's Chromium, headless, driven by
// playwright-core) against the fixture harness: every fixture renders its
// boards and pieces and shows nothing it marks hidden; clicks, drags, typed
// moves and each variant's controls send exactly the action text of the
// View's legal list. Screenshots of every fixture go to
// target/web-screenshots/ (artifacts, not committed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { centre, clickSquare as click, DESKTOP, fixture, launchChromium, openFixture, webDir } from './harness-page.mjs';
import { serve } from './serve.mjs';

const shotsDir = join(webDir, '..', 'target', 'web-screenshots');
const fixtureNames = readdirSync(join(webDir, 'fixtures')).filter(f => f.endsWith('.json')).map(f => f.slice(0, -5)).sort();

let server;
let browser;

before(async () => {
  mkdirSync(shotsDir, { recursive: true });
  server = await serve(webDir);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page on the harness with one fixture loaded; fails the test on any page error or off-host request. */
const open = (name, viewport = DESKTOP) => openFixture(browser, server, name, { viewport });

/** Waits until the page has sent `count` actions, then returns them. */
async function sentAfter(s, count = 1) {
  await s.page.waitForFunction(n => window.harness.sent().length >= n, count, { timeout: 3000 }).catch(() => {});
  return s.sent();
}

for (const name of fixtureNames) {
  test(`fixture ${name}: renders its squares and pieces, hides what is hidden`, async () => {
    const f = fixture(name);
    const s = await open(name);
    const { page } = s;
    const view = f.messages.at(-1).view;
    const squares = view.boards.reduce((n, b) => n + b.files * b.ranks, 0);
    // The view's boards; a notes board (Looking-Glass's unseen world) is drawn from the log and tested on its own.
    const seen = '.board:not(.notes-board)';
    assert.equal(await page.locator(`${seen} .sq`).count(), f.expect?.squares ?? squares);
    assert.equal(f.expect?.squares ?? squares, squares, 'the fixture agrees with its own boards');
    const pieces = view.boards.reduce((n, b) => n + b.pieces.length, 0);
    assert.equal(await page.locator(`${seen} .ground cg-board piece:not(.ghost):not(.fading)`).count(), pieces);
    assert.equal(f.expect?.pieces ?? pieces, pieces);
    // Every piece is on its own square, as the view says.
    for (const b of view.boards) {
      for (const p of b.pieces) {
        assert.equal(await page.locator(`.sq[data-square="${p.square}"]`).getAttribute('data-piece'), `${p.color} ${p.role}`, `${p.square}`);
      }
    }
    for (const h of f.hidden ?? []) {
      assert.equal(await page.locator(h.selector).count(), 0, `hidden from ${f.viewer}: ${h.fact}`);
    }
    const text = await page.locator('body').innerText();
    for (const words of f.hidden_text ?? []) {
      assert.ok(!text.includes(words), `hidden from ${f.viewer}: "${words}"`);
    }
    await page.screenshot({ path: join(shotsDir, `${name}.png`) });
    await s.close();
  });
}

test('a click on a piece and a click on a highlighted square send that move', async () => {
  const s = await open('chess-start');
  await click(s.page, 'e2');
  assert.equal(await s.page.locator('.ground square.move-dest').count(), 2, 'e2 has two destinations: e3 and e4');
  await click(s.page, 'e4');
  assert.deepEqual(await sentAfter(s), ['e2e4']);
  await s.close();
});

test('dragging a piece to a highlighted square sends that move', async () => {
  const s = await open('chess-start');
  const from = await centre(s.page, 'g1');
  const to = await centre(s.page, 'f3');
  await s.page.mouse.move(from.x, from.y);
  await s.page.mouse.down();
  await s.page.mouse.move(to.x, to.y, { steps: 8 });
  await s.page.mouse.up();
  assert.deepEqual(await sentAfter(s), ['g1f3']);
  await s.close();
});

test('a move to a square that is not highlighted sends nothing', async () => {
  const s = await open('chess-start');
  await click(s.page, 'e2');
  await click(s.page, 'e5');
  await s.page.waitForTimeout(200);
  assert.deepEqual(await s.sent(), []);
  await s.close();
});

test('promotion: the chooser offers each piece, and the chosen one is sent', async () => {
  const s = await open('chess-promotion');
  await click(s.page, 'e7');
  await click(s.page, 'e8');
  await s.page.waitForSelector('.chooser-promotion');
  assert.deepEqual(await s.page.locator('button.promotion').allTextContents(), ['queen', 'rook', 'bishop', 'knight']);
  assert.match(await s.page.locator('button[data-promotion="knight"] img').getAttribute('src'), /\/pieces\/white-knight\.svg$/);
  await s.page.click('button[data-promotion="knight"]');
  assert.deepEqual(await sentAfter(s), ['e7e8n']);
  await s.close();
});

test('keyboard entry: UCI and SAN send the legal move; anything else says what to type', async () => {
  const s = await open('chess-start');
  const input = s.page.locator('.keyboard input');
  await input.fill('hello');
  await input.press('Enter');
  assert.match(await s.page.locator('.error').textContent(), /not a legal move.*e2e4.*Nf3/);
  await input.fill('Nf3');
  await input.press('Enter');
  await input.fill('d2d4');
  await input.press('Enter');
  assert.deepEqual(await sentAfter(s, 2), ['g1f3', 'd2d4']);
  await s.close();
});

test('rejection: the opponent sees the proposal and rejects or accepts it', async () => {
  for (const answer of ['reject', 'accept']) {
    const s = await open('rejection-answer');
    assert.match(await s.page.locator('.proposal').textContent(), /White proposes e4/);
    await s.page.click(`button[data-action="${answer}"]`);
    assert.deepEqual(await sentAfter(s), [answer]);
    await s.close();
  }
});

test('rejection: the proposer is told the move was rejected, and may not play it again', async () => {
  const s = await open('rejection-rejected');
  assert.match(await s.page.locator('.events').textContent(), /rejects e4/);
  await click(s.page, 'e2');
  assert.equal(await s.page.locator('.ground square.move-dest').count(), 1, 'only e3 is left for the e-pawn');
  await s.close();
});

test('circe: after a capture the rebirth squares are highlighted and the clicked one is sent', async () => {
  const s = await open('circe-rebirth');
  await click(s.page, 'd4');
  await click(s.page, 'e5');
  await s.page.waitForSelector('.chooser-rebirth');
  const options = await s.page.locator('.sq.rebirth-option').evaluateAll(els => els.map(e => e.dataset.square).sort());
  assert.deepEqual(options, ['b8', 'g8']);
  await click(s.page, 'g8');
  assert.deepEqual(await sentAfter(s), ['d4e5 reborn g8']);
  await s.close();
});

test('circe: the reborn piece is marked for the other player', async () => {
  const s = await open('circe-reborn');
  assert.equal(await s.page.locator('.sq.reborn[data-square="g8"]').count(), 1);
  assert.match(await s.page.locator('.events').textContent(), /reborn on g8/);
  await s.close();
});

for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`${size}, beirut: a click picks the carrier, another click picks another, the king is refused with a reason, the button arms it`, async () => {
    const s = await open('beirut-choose-carrier', viewport);
    assert.equal(await s.page.locator('.sq.carrier-option').count(), 15, 'every piece but the king');
    assert.match(await s.page.locator('.carrier-prompt').textContent(), /will not know/);
    assert.equal(await s.page.locator('.carrier-list option').count(), 15, 'the same choice in a list, for the keyboard');
    // A drag is no choice: the knight dragged to f3 arms nothing.
    const [g1, f3] = [await centre(s.page, 'g1'), await centre(s.page, 'f3')];
    await s.page.mouse.move(g1.x, g1.y);
    await s.page.mouse.down();
    await s.page.mouse.move(f3.x, f3.y, { steps: 6 });
    await s.page.mouse.up();
    await click(s.page, 'g1');
    assert.deepEqual(await s.page.locator('.sq.carrier-pick').evaluateAll(els => els.map(e => e.dataset.square)), ['g1']);
    assert.equal(await s.page.locator('.carrier-prompt').textContent(), 'The knight on g1 will carry your bomb once you arm it; click another of your pieces to pick it instead.');
    assert.equal(await s.page.locator('.carrier-list').count(), 0, 'the clicked piece has its own button: no list beside it');
    await click(s.page, 'b1');
    assert.deepEqual(await s.page.locator('.sq.carrier-pick').evaluateAll(els => els.map(e => e.dataset.square)), ['b1']);
    await click(s.page, 'e1');
    assert.equal(await s.page.locator('.panel > .error').textContent(), 'The king cannot carry the bomb: click another of your pieces.');
    assert.deepEqual(await s.page.locator('.sq.carrier-pick').evaluateAll(els => els.map(e => e.dataset.square)), ['b1'], 'the pick stays');
    await click(s.page, 'e7');
    assert.equal(await s.page.locator('.panel > .error').textContent(), 'Click one of your own pieces to choose your carrier.');
    assert.deepEqual(await s.sent(), [], 'nothing is armed before the button');
    await s.page.click('button.arm-carrier');
    assert.equal(await s.page.locator('button.arm-carrier').isDisabled(), true, 'armed once');
    assert.deepEqual(await sentAfter(s), ['carrier b1']);
    await s.close();
  });
}

test('beirut: the own carrier is marked, and the detonate button sends detonate', async () => {
  const s = await open('beirut-armed');
  assert.deepEqual(await s.page.locator('.sq.carrier').evaluateAll(els => els.map(e => e.dataset.square)), ['g1']);
  assert.equal(await s.page.locator('.known-own_carrier').textContent(), 'Your bomb carrier: g1 (only you know)');
  await s.page.click('button[data-action="detonate"]');
  assert.deepEqual(await sentAfter(s), ['detonate']);
  await s.close();
});

test('beirut: a later view for a spectator keeps nothing of the seat\'s secret', async () => {
  const s = await open('beirut-armed');
  assert.equal(await s.page.locator('.sq.carrier').count(), 1);
  const spectator = fixture('beirut-spectator');
  await s.page.evaluate(f => { for (const m of f.messages) window.harness.push({ ...m, viewer: 'spectator' }); }, spectator);
  assert.equal(await s.page.locator('.sq.carrier').count(), 0);
  assert.equal(await s.page.locator('.knowledge *').count(), 0);
  assert.doesNotMatch(await s.page.locator('body').textContent(), /g1/);
  assert.equal(await s.page.locator('button[data-action="detonate"]').count(), 0);
  await s.close();
});

test('beirut: at the end the blast is shown and the secrets revealed', async () => {
  const s = await open('beirut-detonated');
  assert.equal(await s.page.locator('.sq.blast').count(), 9);
  assert.match(await s.page.locator('.reveal').textContent(), /still carried by the queen on d8/);
  assert.match(await s.page.locator('.status .result').textContent(), /Draw by agreement/);
  await s.close();
});

test('bermuda-angle: the Angle is shaded and hovering a destination shows the survival odds', async () => {
  const s = await open('bermuda-angle-move');
  assert.equal(await s.page.locator('.sq.special[data-special="angle"]').count(), 36);
  await click(s.page, 'b1');
  assert.equal(await s.page.locator('.move-notes').textContent(), 'Survival odds:Nc3: 35/36');
  const c3 = await centre(s.page, 'c3');
  await s.page.mouse.move(c3.x, c3.y);
  await s.page.waitForSelector('.odds:not([hidden])');
  assert.equal(await s.page.locator('.odds').textContent(), 'c3: survives 35/36');
  await s.close();
});

test('bermuda-angle: the roll is shown with the rolled square and the vanished piece', async () => {
  const s = await open('bermuda-angle-rolled');
  assert.equal(await s.page.locator('.dice:not([hidden]) .roll-square').textContent(), 'Roll: c3');
  assert.equal(await s.page.locator('.sq.rolled[data-square="c3"]').count(), 1);
  const ghost = await s.page.locator('.sq.vanished[data-square="c3"]').evaluate(e => getComputedStyle(e).getPropertyValue('--ghost'));
  assert.match(ghost, /white-knight\.svg/);
  assert.match(await s.page.locator('.events').textContent(), /vanished on its way to c3/);
  await s.close();
});

test('portal: the portals are marked and a teleport is drawn from portal to portal', async () => {
  const s = await open('portal-teleport');
  const portals = await s.page.locator('.sq[data-special="portal"]').evaluateAll(els => els.map(e => e.dataset.square).sort());
  assert.deepEqual(portals, ['b4', 'b5', 'f3', 'f6']);
  assert.equal(await s.page.locator('.cg-shapes g line, .cg-shapes g path').count() > 0, true, 'an arrow is drawn');
  assert.match(await s.page.locator('.events').textContent(), /through the portal to b5/);
  await s.close();
});

test('bermuda-two-board: the upper board is quarter-turned, complementary squares side by side', async () => {
  const s = await open('bermuda-two-board-start');
  const pos = async sq => (await centre(s.page, sq)).box;
  // L(f, r) <-> U(r, 9-f): L a1 <-> U a8, L h1 <-> U a1, L a8 <-> U h8, each drawn at the same place of its board.
  for (const [l, u] of [['La1', 'Ua8'], ['Lh1', 'Ua1'], ['La8', 'Uh8'], ['Le2', 'Ub4']]) {
    const lb = await pos(l);
    const ub = await pos(u);
    assert.ok(Math.abs(lb.y - ub.y) < 1, `${l} and ${u} on one row`);
    const lo = await pos('La1');
    const uo = await pos('Ua8');
    assert.ok(Math.abs(lb.x - lo.x - (ub.x - uo.x)) < 1, `${l} and ${u} in the same column of their boards`);
  }
  await s.close();
});

test('bermuda-two-board: moves on the upper board and down to the lower board are sent', async () => {
  const s = await open('bermuda-two-board-start');
  await click(s.page, 'Ug1');
  await click(s.page, 'Uf3');
  await click(s.page, 'Ub1');
  await click(s.page, 'Lh2');
  assert.deepEqual(await sentAfter(s, 2), ['Ug1Uf3', 'Ub1Lh2']);
  await s.close();
});

test('knights-are-god: a conferred knight move is a destination like any other', async () => {
  const s = await open('knights-are-god');
  await click(s.page, 'e2');
  await click(s.page, 'd4');
  assert.deepEqual(await sentAfter(s), ['e2d4']);
  await s.close();
});

test('game buttons: resign (confirmed), draw offer and abort send their actions', async () => {
  const s = await open('chess-start');
  await s.page.click('button[data-action="resign"]');
  assert.deepEqual(await s.sent(), [], 'the first click only asks to confirm');
  await s.page.click('button[data-action="resign"]');
  await s.page.click('button[data-action="offer draw"]');
  await s.page.click('button[data-action="abort"]');
  assert.deepEqual(await sentAfter(s, 3), ['resign', 'offer draw', 'abort']);
  await s.close();
});

test('the result and its reason are said in words; no game buttons after the end', async () => {
  const s = await open('chess-over');
  assert.equal(await s.page.locator('.status .result').textContent(), 'Black wins: checkmate');
  assert.equal(await s.page.locator('.game-buttons button').count(), 0);
  assert.deepEqual(await s.page.locator('.moves li').allTextContents(), ['f3e5', 'g4Qh4#']);
  await s.close();
});

test('clocks: the running clock ticks down, the other stands', async () => {
  const s = await open('chess-start');
  // White's 5:00 runs from the page's start: on a busy machine it may have ticked already.
  const seconds = (text) => { const [, m, sec] = text.match(/^White (\d+):(\d\d)$/); return Number(m) * 60 + Number(sec); };
  const first = await s.page.locator('.clock-white').textContent();
  assert.ok(seconds(first) <= 300 && seconds(first) > 240, first);
  await s.page.waitForFunction((shown) => document.querySelector('.clock-white').textContent !== shown, first, { timeout: 5000 });
  const later = await s.page.locator('.clock-white').textContent();
  assert.ok(seconds(later) < seconds(first), `${first}, then ${later}`);
  assert.equal(await s.page.locator('.clock-black').textContent(), 'Black 10:00');
  await s.close();
});

test('an error from the referee is shown to the player', async () => {
  const s = await open('chess-start');
  await s.page.evaluate(() => window.harness.push({ type: 'error', error: { code: 'not_your_turn', message: 'It is Black\'s turn: wait for their move.' } }));
  assert.equal(await s.page.locator('.error').textContent(), 'It is Black\'s turn: wait for their move.');
  assert.equal(await s.page.locator('.ground piece:not(.ghost)').count(), 32);
  await s.close();
});

test('the server\'s state message: seat, clocks, dice commitment, abort rule, and the ply sent back', async () => {
  const s = await open('server-state-bermuda-angle');
  assert.match(await s.page.locator('.status .who').textContent(), /You play Black/);
  assert.equal(await s.page.locator('.clock-white').textContent(), 'White 4:58');
  assert.match(await s.page.locator('.dice-proof').textContent(), /SHA-256 9f2c4e1b.*seed is shown when the game ends/);
  assert.equal(await s.page.locator('button[data-action="abort"]').count(), 0, 'the server says abort is over');
  assert.equal(await s.page.locator('button[data-action="resign"]').count(), 1);
  await click(s.page, 'e9');
  await click(s.page, 'e7');
  await s.page.waitForFunction(() => window.harness.sent().length >= 1, null, { timeout: 3000 });
  assert.deepEqual(await s.frames(), [{ type: 'action', ply: 3, action: 'e9e7' }]);
  // The server's errors come flat: {"type":"error","code","message"}.
  await s.page.evaluate(() => window.harness.push({ type: 'error', code: 'stale_ply', message: 'That move was for an older position; the board shows the current one.' }));
  assert.equal(await s.page.locator('.error').textContent(), 'That move was for an older position; the board shows the current one.');
  await s.close();
});

test('abort is sent as the server\'s abort message', async () => {
  const s = await open('chess-start');
  await s.page.click('button[data-action="abort"]');
  await s.page.waitForFunction(() => window.harness.sent().length >= 1, null, { timeout: 3000 });
  assert.deepEqual(await s.frames(), [{ type: 'abort' }]);
  await s.close();
});

test('the game page at /game/{id} plays over the server\'s WebSocket /ws/games/{id}', async () => {
  server.sockets.frames = fixture('server-state-bermuda-angle').messages;
  server.sockets.received = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', e => problems.push(e.message));
  page.on('response', r => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  await page.goto(`${server.url}/game/g7`);
  await page.waitForSelector('.ground piece');
  assert.equal(await page.locator('.ground cg-board piece:not(.ghost):not(.fading)').count(), 40);
  // The piece images load from /pieces/ whatever the page's path.
  const image = await page.locator('.ground piece.k-piece.white').evaluate(e => getComputedStyle(e).backgroundImage);
  assert.match(image, /\/pieces\/white-king\.svg/);
  await click(page, 'e9');
  await click(page, 'e8');
  const deadline = Date.now() + 3000;
  while (server.sockets.received.length === 0 && Date.now() < deadline) await page.waitForTimeout(50);
  assert.deepEqual(server.sockets.received.map(t => JSON.parse(t)), [{ type: 'action', ply: 3, action: 'e9e8' }]);
  assert.deepEqual(problems, []);
  await context.close();
});

// The same controls on views recorded from the game model (fixtures/model/).
test('model views: Rejection proposal answered, and the rejected proposer told so', async () => {
  let s = await open('model-rejection-answer');
  assert.match(await s.page.locator('.proposal').textContent(), /White proposes e4\./);
  await s.page.click('button[data-action="reject"]');
  assert.deepEqual(await sentAfter(s), ['reject']);
  await s.close();
  s = await open('model-rejection-waiting');
  assert.match(await s.page.locator('.proposal').textContent(), /The proposal e4 waits for Black's answer/);
  assert.equal(await s.page.locator('button[data-action="accept"]').count(), 0);
  await s.close();
  s = await open('model-rejection-rejected');
  assert.match(await s.page.locator('.rejected').textContent(), /Your proposal e4 was rejected: play another move/);
  await click(s.page, 'e2');
  assert.equal(await s.page.locator('.ground square.move-dest').count(), 1, 'only e3 is left for the e-pawn');
  await s.close();
});

test('model views: Circe rebirth square clicked, Beirut carrier chosen and marked, promotion chosen', async () => {
  let s = await open('model-circe-rebirth');
  await click(s.page, 'd4');
  await click(s.page, 'e5');
  await s.page.waitForSelector('.chooser-rebirth');
  await click(s.page, 'b8');
  assert.deepEqual(await sentAfter(s), ['d4e5@b8']);
  await s.close();
  s = await open('model-beirut-choose-carrier');
  assert.equal(await s.page.locator('.sq.carrier-option').count(), 15, 'every piece but the king');
  await click(s.page, 'd1');
  await s.page.getByRole('button', { name: 'Arm the queen on d1' }).click();
  assert.deepEqual(await sentAfter(s), ['carrier d1']);
  await s.close();
  s = await open('model-beirut-armed');
  assert.deepEqual(await s.page.locator('.sq.carrier').evaluateAll(els => els.map(e => e.dataset.square)), ['g1']);
  assert.match(await s.page.locator('.knowledge').textContent(), /Your bomb: the knight on g1/);
  await s.page.click('button[data-action="detonate"]');
  assert.deepEqual(await sentAfter(s), ['detonate']);
  await s.close();
  s = await open('model-chess-promotion');
  await click(s.page, 'e7');
  await click(s.page, 'e8');
  await s.page.click('button[data-promotion="rook"]');
  assert.deepEqual(await sentAfter(s), ['e7e8r']);
  await s.close();
});

test('model views: the roll and the vanished knight, the teleport, the revealed bombs', async () => {
  let s = await open('model-bermuda-angle-rolled');
  assert.equal(await s.page.locator('.dice .roll-square').textContent(), 'Roll: c3');
  assert.equal(await s.page.locator('.sq.vanished[data-square="c3"]').count(), 1);
  await s.close();
  s = await open('model-portal-teleport');
  assert.match(await s.page.locator('.events').textContent(), /through the portal to b5/);
  assert.equal(await s.page.locator('.sq[data-special="portal"]').count(), 4);
  await s.close();
  s = await open('model-beirut-over');
  assert.match(await s.page.locator('.reveal').textContent(), /Black's bomb: the queen on d8, still armed/);
  assert.equal(await s.page.locator('.status .result').textContent(), 'Black wins: White resigned');
  await s.close();
});

test('looking-glass: the setup picker sends the FIDE start, a random offered start, or a typed back rank', async () => {
  let s = await open('model-looking-glass-setup');
  assert.equal(await s.page.locator('.actions button').count(), 0, 'no button per start');
  await s.page.click('.start-fide');
  assert.deepEqual(await sentAfter(s), ['start RNBQKBNR']);
  await s.close();
  s = await open('model-looking-glass-setup');
  const offered = new Set(fixture('model-looking-glass-setup').messages[0].view.legal.map(a => a.text));
  await s.page.click('.start-random');
  const [random] = await sentAfter(s);
  assert.ok(offered.has(random), `${random} is one of the offered starts`);
  await s.close();
  s = await open('model-looking-glass-setup');
  await s.page.fill('.start-typed input', 'RRKBBQNN');
  await s.page.click('.start-typed button');
  assert.match(await s.page.locator('.panel > .error').textContent(), /no Chess960 start: it needs one king between the two rooks/);
  await s.page.fill('.start-typed input', 'nrkbbqrn');
  await s.page.click('.start-typed button');
  assert.deepEqual(await sentAfter(s), ['start NRKBBQRN']);
  await s.close();
});

test('looking-glass: a move in the own world by click, the question as a button, the log in order', async () => {
  const s = await open('model-looking-glass-move');
  assert.match(await s.page.locator('.board:not(.notes-board) figcaption').textContent(), /^Real world$/);
  const log = await s.page.locator('.knowledge-log li').allTextContents();
  assert.deepEqual(log, ['White sets up its army: RNBQKBNR', 'Black has set up its army']);
  await click(s.page, 'Re2');
  await click(s.page, 'Re4');
  assert.deepEqual(await sentAfter(s), ['Re2Re4']);
  await s.page.click('button[data-action="ask"]');
  assert.deepEqual(await sentAfter(s, 2), ['Re2Re4', 'ask']);
  await s.close();
});

test('looking-glass: the notes board shows the own pawn that passed to Ma4, and an order is sent from it', async () => {
  let s = await open('model-looking-glass-order');
  assert.deepEqual(await s.page.locator('.notes-board .sq[data-piece]').evaluateAll(els => els.map(e => [e.dataset.square, e.dataset.piece])), [['Ma4', 'white pawn']]);
  assert.match(await s.page.locator('.notes-board figcaption').textContent(), /Mirror world, unseen/);
  await click(s.page, 'Ma4');
  // An order's note is words of its own, not Bermuda's survival odds.
  assert.match(await s.page.locator('.move-notes').textContent(), /^About these moves:Ma4Ma5: order in the Mirror world/);
  await click(s.page, 'Ma5');
  assert.deepEqual(await sentAfter(s), ['Ma4Ma5']);
  await s.close();
  s = await open('model-looking-glass-order');
  await s.page.click('.orders summary');
  await s.page.click('.orders button[data-action="Ma4Mb5"]');
  assert.deepEqual(await sentAfter(s), ['Ma4Mb5']);
  await s.close();
  s = await open('model-looking-glass-order');
  await s.page.fill('.keyboard input', 'Ma4Ma5');
  await s.page.press('.keyboard input', 'Enter');
  assert.deepEqual(await sentAfter(s), ['Ma4Ma5']);
  await s.close();
});

test('looking-glass: Black is told of the order; at the end a spectator sees both worlds and both starts', async () => {
  let s = await open('model-looking-glass-ordered');
  assert.match(await s.page.locator('.knowledge-log').textContent(), /the white pawn went from Ma4 to Ma5/);
  assert.deepEqual(await s.page.locator('.notes-board .sq[data-piece]').evaluateAll(els => els.map(e => [e.dataset.square, e.dataset.piece])), [['Rh5', 'black pawn']]);
  await s.close();
  s = await open('model-looking-glass-over');
  assert.equal(await s.page.locator('.board').count(), 2);
  assert.equal(await s.page.locator('.notes-board').count(), 0);
  assert.match(await s.page.locator('.reveal').textContent(), /Black sets up its army: NRKBBQRN/);
  await s.close();
});

test('looking-glass: an order of a pawn to the last rank offers the promotion; the notes board shows the promoted piece where the log puts it', async () => {
  let s = await open('model-looking-glass-promotion-order');
  assert.deepEqual(await s.page.locator('.notes-board .sq[data-piece]').evaluateAll(els => els.map(e => [e.dataset.square, e.dataset.piece])), [['Mb7', 'white pawn']]);
  await click(s.page, 'Mb7');
  await click(s.page, 'Mb8');
  assert.deepEqual(await s.page.locator('.chooser-promotion button.promotion').evaluateAll(bs => bs.map(b => b.dataset.promotion)), ['queen', 'rook', 'bishop', 'knight']);
  assert.match(await s.page.locator('.chooser-promotion img').first().getAttribute('src'), /white/i, 'White\'s pieces are offered');
  await s.page.click('.chooser-promotion button[data-promotion="knight"]');
  assert.deepEqual(await sentAfter(s), ['Mb7Mb8n']);
  await s.close();
  s = await open('model-looking-glass-promoted');
  assert.deepEqual(await s.page.locator('.notes-board .sq[data-piece]').evaluateAll(els => els.map(e => [e.dataset.square, e.dataset.piece])), [['Mb8', 'white knight']], 'the knight that stayed on Mb8, no pawn');
  await s.close();
});

test('looking-glass, forfeit rule: the opponent is asked to choose the forfeiting side\'s move in its own world and moves that side\'s piece; the forfeiter is told it waits', async () => {
  let s = await open('model-looking-glass-forfeit-choose');
  assert.equal(await s.page.locator('.for-opponent').textContent(), 'Choose White\'s move in the Mirror world: White\'s order was impossible, so you move one of White\'s pieces there, and it is played for White.');
  assert.match(await s.page.locator('.knowledge-log .latest').textContent(), /Ma4Mb5 is impossible: White forfeits the turn/);
  assert.equal(await s.page.locator('.status .turn').textContent(), 'Your turn: choose White\'s move', 'said where the page starts too');
  await click(s.page, 'Ma4');
  assert.equal(await s.page.locator('.ground square.move-dest').count(), 1, 'the white pawn\'s one move');
  await click(s.page, 'Ma5');
  assert.deepEqual(await sentAfter(s), ['Ma4Ma5']);
  await s.close();
  s = await open('model-looking-glass-forfeit-wait');
  assert.equal(await s.page.locator('.for-opponent').textContent(), 'Your order was impossible: Black chooses your move in the world Black sees.');
  assert.equal(await s.page.locator('.keyboard input').isDisabled(), true);
  await s.close();
});

test('a draw offer is answered with accept or decline', async () => {
  const s = await open('chess-start');
  const f = fixture('chess-start');
  const offered = { ...f.messages[0], view: { ...f.messages[0].view, draw_offer: 'black' } };
  await s.page.evaluate(m => window.harness.push(m), offered);
  assert.match(await s.page.locator('.draw-offer').textContent(), /Black offers a draw/);
  assert.equal(await s.page.locator('button[data-action="offer draw"]').count(), 0);
  await s.page.click('button[data-action="decline draw"]');
  await s.page.click('button[data-action="accept draw"]');
  assert.deepEqual(await sentAfter(s, 2), ['decline draw', 'accept draw']);
  await s.close();
});

test('out of turn nothing can be moved or typed', async () => {
  const s = await open('chess-black-waits');
  await click(s.page, 'e7');
  assert.equal(await s.page.locator('.ground square.move-dest').count(), 0);
  assert.equal(await s.page.locator('.keyboard input').isDisabled(), true);
  assert.match(await s.page.locator('.status .turn').textContent(), /^White to play$/);
  assert.deepEqual(await s.sent(), []);
  await s.close();
});

test('a spectator can neither move nor press game buttons', async () => {
  const s = await open('bermuda-angle-chance');
  assert.equal(await s.page.locator('.game-buttons button').count(), 0);
  assert.equal(await s.page.locator('.keyboard input').isVisible(), false);
  assert.match(await s.page.locator('.status').textContent(), /Watching.*dice are rolling/);
  await s.close();
});

test('on a phone the board fits the screen', async () => {
  for (const name of ['bermuda-angle-move', 'bede', 'bermuda-two-board-start', 'model-looking-glass-order']) {
    const s = await open(name, { width: 390, height: 844 });
    for (const frame of await s.page.locator('.board-frame').all()) {
      const box = await frame.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${name}: the board is within the screen's width`);
    }
    await s.page.screenshot({ path: join(shotsDir, `phone-${name}.png`), fullPage: true });
    await s.close();
  }
});

/** The drawing once it has settled: chessground places pieces on a later
 * frame and redraws after a resize, later still on a busy machine, so the
 * board is measured until two readings 50 ms apart agree (at most 3 s). */
async function settledDrawing(page) {
  let last = await drawnAndGrid(page);
  for (let i = 0; i < 60; i++) {
    await page.waitForTimeout(50);
    const now = await drawnAndGrid(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** The rectangles of every piece chessground draws and of every grid square holding a piece, and of the highlighted squares. */
async function drawnAndGrid(page) {
  return page.evaluate(() => {
    const rect = e => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
    return {
      pieces: [...document.querySelectorAll('.ground cg-board piece:not(.ghost):not(.fading)')].map(rect),
      occupied: [...document.querySelectorAll('.sq[data-piece]')].map(e => ({ square: e.dataset.square, ...rect(e) })),
      squares: [...document.querySelectorAll('.sq')].map(e => ({ square: e.dataset.square, ...rect(e) })),
      highlights: [...document.querySelectorAll('.ground cg-board square.selected, .ground cg-board square.move-dest')].map(e => ({ kind: e.className, ...rect(e) })),
    };
  });
}

const within1px = (a, b) => Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1 && Math.abs(a.w - b.w) <= 1 && Math.abs(a.h - b.h) <= 1;

for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1280, height: 900 }], ['wide', { width: 1920, height: 1080 }]]) {
  test(`${size}: every piece and highlight sits on its square within a pixel (8x8, 10x10, 9x11, two boards)`, async () => {
    for (const [name, mover] of [['chess-start', 'g1'], ['bermuda-angle-move', 'b1'], ['bede', 'e3'], ['bermuda-two-board-start', 'Ug1']]) {
      const s = await open(name, viewport);
      let { pieces, occupied } = await settledDrawing(s.page);
      assert.equal(pieces.length, occupied.length, `${name}: one piece drawn for each occupied square`);
      for (const sq of occupied) {
        assert.ok(pieces.some(p => within1px(p, sq)), `${name} at ${size}: the piece on ${sq.square} is drawn on it (square ${JSON.stringify(sq)}; nearest piece ${JSON.stringify(pieces.sort((a, b) => Math.hypot(a.x - sq.x, a.y - sq.y) - Math.hypot(b.x - sq.x, b.y - sq.y))[0])})`);
      }
      // A piece with moves, selected: its square and its destinations are highlighted on grid squares.
      await click(s.page, mover);
      const { highlights, squares } = await settledDrawing(s.page);
      assert.ok(highlights.length >= 2, `${name}: ${mover} selected, with destinations`);
      const selected = highlights.find(h => h.kind.includes('selected'));
      assert.ok(within1px(selected, squares.find(q => q.square === mover)), `${name} at ${size}: the highlight of ${mover} is on it`);
      for (const h of highlights) assert.ok(squares.some(q => within1px(h, q)), `${name} at ${size}: highlight ${JSON.stringify(h)} on a square`);
      await s.close();
    }
  });
}

/** A game page at /game/{id} on the test server with the page's timers under the test's hand (page.clock); the 404s of `allowed` paths are expected. */
async function gamePage(id, viewport, allowed = []) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  const expected = url => allowed.includes(new URL(url).pathname);
  page.on('pageerror', e => problems.push(e.message));
  page.on('console', m => m.type() === 'error' && !expected(m.location().url) && !/WebSocket connection/.test(m.text()) && problems.push(m.text()));
  page.on('response', r => r.status() >= 400 && !expected(r.url()) && problems.push(`${r.status()} ${r.url()}`));
  await page.clock.install();
  await page.goto(`${server.url}/game/${id}`);
  return { page, problems, context };
}

const attemptsOf = id => server.sockets.attempts.filter(g => g === id).length;

for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`${size}: a game page whose game does not exist says so, links to the lobby, and stops connecting`, async () => {
    const id = `missing${size}`;
    const { page, problems, context } = await gamePage(id, viewport, [`/api/games/${id}`]);
    await page.waitForSelector('.no-such-game');
    assert.equal(await page.locator('.status h1').textContent(), 'No such game');
    assert.equal(await page.locator('.no-such-game').textContent(), 'There is no such game on this server: check the link you were sent, or start a game in the lobby.');
    assert.equal(await page.locator('.status a[href="/"]').textContent(), 'Go to the lobby');
    assert.equal(await page.locator('main.play').isVisible(), false, 'no empty board or clocks');
    await page.clock.runFor(10 * 60_000);
    assert.equal(attemptsOf(id), 1, 'one connection, never again');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${size}: a game page whose socket keeps failing connects again after 1 s, 2 s, 4 s ... (at most 30 s)`, async () => {
    const id = `flaky${size}`;
    const { page, problems, context } = await gamePage(id, viewport);
    const failed = async n => {
      await page.waitForFunction(([g, text]) => document.querySelector('.panel > .error')?.textContent === text, [id, `Connection lost; connecting again in ${n} s…`]);
    };
    // The n-th connection has failed and the page says how long it waits.
    const attempt = async (n, wait) => {
      for (let i = 0; i < 100 && attemptsOf(id) < n; i++) await page.waitForTimeout(30);
      assert.equal(attemptsOf(id), n);
      await failed(wait);
    };
    await attempt(1, 1);
    await page.clock.runFor(1000);
    await attempt(2, 2);
    await page.clock.runFor(1000);
    await page.waitForTimeout(300);
    assert.equal(attemptsOf(id), 2, 'not yet: the wait doubled');
    await page.clock.runFor(1000);
    await attempt(3, 4);
    let n = 3;
    for (const wait of [4, 8, 16, 30, 30]) {
      await page.clock.runFor(wait * 1000);
      await attempt(++n, Math.min(wait * 2, 30));
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** Drags the piece on `from` to `to` with the mouse. */
async function drag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  await page.waitForTimeout(60);
}

// The king's two-square move, its drop on the rook and the referee's own text all castle,
// whichever form the referee writes (the king's move e1g1, or king onto rook: Chess960's Rb1Rg1).
const classicalCastling = [['e1', 'g1', 'e1g1'], ['e1', 'h1', 'e1g1'], ['e1', 'c1', 'e1c1'], ['e1', 'a1', 'e1c1']];
const castlings = {
  'model-chess-castling': classicalCastling,
  'model-rejection-castling': classicalCastling,
  'model-circe-castling': classicalCastling,
  'model-portal-castling': classicalCastling,
  'model-knights-are-god-castling': classicalCastling,
  'model-beirut-castling': classicalCastling,
  'model-bermuda-angle-castling': [['f1', 'h1', 'f1i1'], ['f1', 'i1', 'f1i1'], ['f1', 'j1', 'f1i1'], ['f1', 'd1', 'f1b1'], ['f1', 'b1', 'f1b1'], ['f1', 'a1', 'f1b1']],
  'model-bermuda-two-board-castling': [['Le1', 'Lg1', 'Le1Lg1'], ['Le1', 'Lh1', 'Le1Lg1'], ['Le1', 'La1', 'Le1Lc1'], ['Ue1', 'Ug1', 'Ue1Ug1'], ['Ue1', 'Uh1', 'Ue1Ug1'], ['Ue1', 'Ua1', 'Ue1Uc1']],
  'model-looking-glass-castling': [['Re1', 'Rg1', 'Re1Rg1'], ['Re1', 'Rh1', 'Re1Rg1'], ['Re1', 'Rc1', 'Re1Rc1'], ['Re1', 'Ra1', 'Re1Rc1']],
  'model-looking-glass-castling-960': [['Rb1', 'Rd1', 'Rb1Rg1'], ['Rb1', 'Rg1', 'Rb1Rg1'], ['Rb1', 'Ra1', 'Rb1Ra1']],
};

for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`${size}: castling by the king's two-square move or by dropping the king on the rook, in every variant with castling`, async () => {
    for (const [name, drops] of Object.entries(castlings)) {
      for (const [from, to, action] of drops) {
        const s = await open(name, viewport);
        await drag(s.page, from, to);
        assert.deepEqual(await sentAfter(s), [action], `${name}: the king dragged from ${from} to ${to} castles`);
        await s.close();
      }
      // By two clicks too: the drop squares are the king's destinations.
      const [from, to, action] = drops[1];
      const s = await open(name, viewport);
      await click(s.page, from);
      assert.equal(await s.page.locator(`.board:has(.sq[data-square="${to}"]) .ground square.move-dest`).count() > 0, true);
      await click(s.page, to);
      assert.deepEqual(await sentAfter(s), [action], `${name}: ${from} then ${to} by clicks castles`);
      await s.close();
    }
  });
}

/** Types `text` into the move box and presses Enter. */
async function type(page, text) {
  await page.fill('.keyboard input', text);
  await page.press('.keyboard input', 'Enter');
  await page.waitForTimeout(30);
}

/** Loads a fixture again on the same page (nothing sent yet). */
const reload = (s, name) => s.page.evaluate(f => window.harness.load(f), fixture(name));

for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`${size}: typed input takes what the page says may be typed: Beirut's bomb, Circe's SAN then the rebirth, Rejection's a and r, a carrier's square, a promotion`, async () => {
    let s = await open('model-beirut-armed', viewport);
    assert.match(await s.page.locator('.knowledge').textContent(), /type 'bomb' to detonate/, 'the referee\'s own hint');
    assert.match(await s.page.locator('.typing-hint').textContent(), /detonate \(or bomb\)/);
    for (const typed of ['bomb', 'detonate', 'g1g1', 'Bomb@g1']) {
      await reload(s, 'model-beirut-armed');
      await type(s.page, typed);
      assert.deepEqual(await sentAfter(s), ['detonate'], `“${typed}” detonates`);
    }
    await s.close();

    s = await open('model-circe-queen-capture', viewport);
    await type(s.page, 'Qxd5');
    await s.page.waitForSelector('.chooser-rebirth');
    assert.deepEqual(await s.sent(), [], 'the rebirth square is still to choose');
    await click(s.page, 'a5');
    assert.deepEqual(await sentAfter(s), ['d8d5@a5']);
    for (const [typed, sent] of [['Qd5@b5', 'd8d5@b5'], ['Qxd5@c5', 'd8d5@c5'], ['d8d5@e5', 'd8d5@e5']]) {
      await reload(s, 'model-circe-queen-capture');
      await type(s.page, typed);
      assert.deepEqual(await sentAfter(s), [sent], `“${typed}”`);
    }
    await reload(s, 'model-circe-queen-capture');
    await type(s.page, 'd8d5');
    await s.page.click('.chooser-rebirth button[data-square="f5"]');
    assert.deepEqual(await sentAfter(s), ['d8d5@f5']);
    await s.close();

    for (const [typed, sent] of [['a', 'accept'], ['r', 'reject'], ['Reject', 'reject']]) {
      s = await open('model-rejection-answer', viewport);
      await type(s.page, typed);
      assert.deepEqual(await sentAfter(s), [sent], `“${typed}” in Rejection`);
      await s.close();
    }

    s = await open('model-beirut-choose-carrier', viewport);
    assert.match(await s.page.locator('.typing-hint').textContent(), /your carrier as its square \(a1 or carrier a1\)/);
    await type(s.page, 'g1');
    assert.deepEqual(await sentAfter(s), ['carrier g1'], 'a bare square during the setup, as the referee reads it');
    await s.close();

    for (const [typed, sent] of [['e8=R', 'e7e8r'], ['e8N', 'e7e8n'], ['e7e8b', 'e7e8b'], ['e7e8=Q', 'e7e8q']]) {
      s = await open('model-chess-promotion', viewport);
      await type(s.page, typed);
      assert.deepEqual(await sentAfter(s), [sent], `“${typed}”`);
      await s.close();
    }
    s = await open('model-chess-promotion', viewport);
    await type(s.page, 'e7e8');
    await s.page.click('button[data-promotion="queen"]');
    assert.deepEqual(await sentAfter(s), ['e7e8q'], 'squares without the piece: the chooser asks');
    await s.close();
  });

  test(`${size}: Looking-Glass's orders box says exactly what may be typed, and a move in one's own world may be typed in SAN without the world letter`, async () => {
    let s = await open('model-looking-glass-order', viewport);
    assert.equal(await s.page.locator('.orders summary').textContent(), 'Orders into the unseen world (2): click one here or on the notes board, or type it (Ma4Ma5)');
    await type(s.page, 'Mb4Mc6');
    assert.equal(await s.page.locator('.panel > .error').textContent(), '“Mb4Mc6” is not a legal move here. Type a move as its squares (Ra1Ra2) or in SAN (Rb3, RRa2); or ask.');
    assert.deepEqual(await s.sent(), []);
    await type(s.page, 'Ma4Mb5');
    assert.deepEqual(await sentAfter(s), ['Ma4Mb5']);
    for (const [typed, sent] of [['Nf3', 'Rg1Rf3'], ['NRf3', 'Rg1Rf3'], ['b3', 'Rb2Rb3']]) {
      await reload(s, 'model-looking-glass-order');
      await type(s.page, typed);
      assert.deepEqual(await sentAfter(s), [sent], `“${typed}”`);
    }
    await s.close();
  });
}

// Every variant whose view lists SAN: each kind of SAN the view gives is read back to its action
// (or to the chooser that ends in it), and every example the page's hint gives is taken.
test('SAN works in every variant that lists it, and every example of the page\'s hint is accepted', async () => {
  const withSan = fixtureNames.filter(n => n.startsWith('model-') && fixture(n).messages.at(-1).view.legal.some(a => a.san));
  assert.ok(withSan.length >= 20, `views with SAN: ${withSan.join(' ')}`);
  const kinds = [/^[a-p]/, /^[A-NP-Z]/, /x/, /^O-O-O/, /^O-O$/, /=/, /@/];
  for (const name of withSan) {
    const legal = fixture(name).messages.at(-1).view.legal;
    const sample = kinds.map(k => legal.find(a => a.san && k.test(a.san))).filter(Boolean);
    const s = await open(name);
    for (const action of [...new Set(sample)]) {
      await reload(s, name);
      await type(s.page, action.san);
      const chooser = s.page.locator('.chooser');
      if (await chooser.count()) {
        const option = chooser.locator(`button[data-action="${action.text}"], button[data-square="${action.choice?.split(' ').at(-1)}"], button[data-promotion="${action.promotion}"]`).first();
        await option.click();
      }
      const sent = await sentAfter(s);
      assert.deepEqual(sent, [action.text], `${name}: “${action.san}” is ${action.text}`);
    }
    const hint = await s.page.locator('.typing-hint').textContent();
    const examples = [...hint.matchAll(/\(([^)]*)\)/g)].flatMap(m => m[1].split(/,\s*|\s+or\s+|^or\s+/)).filter(e => e && !/\s/.test(e));
    assert.ok(examples.length >= 2, `${name}: examples in “${hint}”`);
    for (const example of examples) {
      await reload(s, name);
      await type(s.page, example);
      const taken = (await s.sent()).length > 0 || (await s.page.locator('.chooser').count()) > 0;
      assert.ok(taken, `${name}: the hint's example “${example}” is taken (hint: ${hint}; error: ${await s.page.locator('.panel > .error').textContent()})`);
    }
    await s.close();
  }
});

/** How often `words` occur in the page's text. */
/** How often the page shows `words`; the screen readers' live region (.announcer, not shown) says the last action again and is left out. */
const timesSaid = (page, words) =>
  page.evaluate(w => {
    const announcer = document.querySelector('.announcer');
    if (announcer) announcer.hidden = true;
    const text = document.body.innerText;
    if (announcer) announcer.hidden = false;
    return text.split(w).length - 1;
  }, words);

for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`${size}, Rejection: each proposal said once and in SAN, and a rejected proposal in the move list, struck`, async () => {
    let s = await open('model-rejection-rejected-told', viewport);
    assert.equal(await s.page.locator('.rejected').textContent(), 'Your proposal e4 was rejected: play another move; that one stands.');
    assert.equal(await timesSaid(s.page, 'e2e4'), 0, 'no move by its squares');
    assert.equal(await timesSaid(s.page, 'reject'), 1, 'the rejection said once (the prompt), not again by the event or a note');
    assert.deepEqual(await s.page.locator('.moves li').allTextContents(), ['e4']);
    assert.deepEqual(await s.page.locator('.moves .move-rejected').allTextContents(), ['e4']);
    await s.close();
    s = await open('model-rejection-replaced', viewport);
    assert.deepEqual(await s.page.locator('.moves li').evaluateAll(ls => ls.map(l => [...l.children].map(c => `${c.textContent}${c.classList.contains('move-rejected') ? ' (rejected)' : ''}`))), [['e4 (rejected)', 'd4']], 'the rejected proposal and the move that stood share White\'s first line');
    assert.equal(await timesSaid(s.page, 'd2d4'), 0);
    await s.close();
    s = await open('model-rejection-proposed', viewport);
    assert.equal(await s.page.locator('.proposal').textContent(), 'Black proposes e5. Accept it, or reject it and they must play another move.');
    assert.equal(await timesSaid(s.page, 'proposes'), 1, 'the proposal said once');
    assert.equal(await timesSaid(s.page, 'e7e5'), 0);
    await s.close();
  });

  test(`${size}, Looking-Glass: what a player was told is said once (the log, the latest marked), an impossible order is not shown as played, a spectator is told the worlds are hidden`, async () => {
    let s = await open('model-looking-glass-ordered', viewport);
    const log = fixture('model-looking-glass-ordered').messages[0].view.knowledge.log.map(e => e.words);
    for (const words of log) assert.equal(await timesSaid(s.page, words), 1, `“${words}” once`);
    assert.deepEqual(await s.page.locator('.knowledge-log .latest').allTextContents(), fixture('model-looking-glass-ordered').messages[0].view.last.events.map(e => e.words));
    assert.equal(await s.page.locator('.events .event').count(), 0, 'the events are the log\'s latest lines');
    await s.close();
    s = await open('model-looking-glass-strike', viewport);
    assert.equal(await timesSaid(s.page, 'Strike 1 of 3 for White: Ma4Mb5 is impossible'), 1);
    assert.equal(await s.page.locator('.ground square.last-move').count(), 0, 'the impossible order Ma4Mb5 is not highlighted as a move');
    await s.close();
    s = await open('chess-black-waits', viewport);
    assert.equal(await s.page.locator('.ground square.last-move').count(), 2, 'a move that was played is');
    await s.close();
    s = await open('model-looking-glass-spectator', viewport);
    assert.equal(await s.page.locator('.boards-hidden').textContent(), 'Both worlds are hidden from spectators until the game ends: each player sees only its own. Both are shown after the end.');
    await s.close();
  });

  test(`${size}: a hover tooltip goes once the move is made`, async () => {
    const s = await open('bermuda-angle-move', viewport);
    await click(s.page, 'b1');
    const c3 = await centre(s.page, 'c3');
    await s.page.mouse.move(c3.x, c3.y);
    await s.page.waitForSelector('.odds:not([hidden])');
    await s.page.mouse.click(c3.x, c3.y);
    assert.deepEqual(await sentAfter(s), ['b1c3']);
    assert.equal(await s.page.locator('.odds').isHidden(), true, 'gone when the move is sent');
    await s.page.mouse.move(c3.x, c3.y + 1);
    await s.page.evaluate(f => window.harness.push(f.messages[0]), fixture('bermuda-angle-move'));
    assert.equal(await s.page.locator('.odds').isHidden(), true, 'and after the next view, with the pointer still there');
    await s.close();
  });
}
