// The UI on the real server: `chesslantis serve` with a fresh database, and
// browser contexts as separate guests (each its own cookie). One creates a
// game from the lobby, another accepts it there, and they play it to its end
// through the game page (clicks, the keyboard, each variant's controls), for
// every variant; a spectator's page never shows a Beirut carrier before the
// end; one game is lost on time, one played against the engine, one
// rematched. Accounts: sign up, log out and in from the lobby, a rated seek
// with its creator's rating, and the profile page with its games, their PGN
// and the grade form. Every page fails its test on a page error, a console error, a
// failed request or a request to another host. Screenshots of each variant's
// game page: target/web-screenshots/server-<variant>.png.
//
// The binary: $CHESSLANTIS_BIN, else target/debug/chesslantis (scripts/test-web
// builds it after the web build, so the UI it embeds is the current one).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './chesslantis-server.mjs';

const webDir = dirname(dirname(fileURLToPath(import.meta.url)));
const repo = join(webDir, '..');
const shotsDir = join(repo, 'target', 'web-screenshots');
const binary = process.env.CHESSLANTIS_BIN ?? join(repo, 'target', 'debug', 'chesslantis');
const WAIT = { timeout: 15_000 };

let server;
let browser;
const open = new Set();

before(async () => {
  mkdirSync(shotsDir, { recursive: true });
  server = await startServer(binary, webDir);
  if (server.url !== server.api) console.log('# the pages come from web/dist through a front that passes /api/ and /ws/ to chesslantis serve');
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});

after(async () => {
  for (const g of open) await g.context.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

/** A new guest: a browser context of its own (its own cookie) with one page that records every problem. */
async function guest(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', e => problems.push(`page error: ${e.message}`));
  // Refusals a test provokes on purpose (a wrong password): `allow(401, '/api/login')`; Chromium logs them too.
  const allowed = [];
  const isAllowed = (status, url) => allowed.some(([s, path]) => s === status && url && new URL(url).pathname === path);
  page.on('console', m => {
    const status = Number(/status of (\d{3})/.exec(m.text())?.[1]);
    if (m.type() === 'error' && !isAllowed(status, m.location().url)) problems.push(`console error: ${m.text()}`);
  });
  page.on('request', r => {
    const u = r.url();
    if (!u.startsWith(server.url) && !u.startsWith(server.url.replace('http', 'ws')) && !u.startsWith('data:')) problems.push(`request to another host: ${u}`);
  });
  page.on('response', r => r.status() >= 400 && !isAllowed(r.status(), r.url()) && problems.push(`${r.status()} ${r.url()}`));
  const g = {
    context,
    page,
    problems,
    allow(status, path) {
      allowed.push([status, path]);
    },
    async done() {
      assert.deepEqual(problems, [], 'no page errors, console errors or failed requests');
      open.delete(g);
      await context.close();
    },
  };
  open.add(g);
  return g;
}

/** The lobby's new-game form filled in, then one of its buttons. */
async function createFromLobby(g, { variant, colour = 'white', minutes = 5, increment = 2, button = 'Post an open seek', level, options = [], rated = false }) {
  await g.page.goto(`${server.url}/`);
  await g.page.waitForSelector(`select[name="variant"] option[value="${variant}"]`, { state: 'attached', ...WAIT });
  await g.page.selectOption('select[name="variant"]', variant);
  await g.page.selectOption('select[name="colour"]', colour);
  await g.page.fill('input[name="time"]', String(minutes));
  await g.page.fill('input[name="opponent_time"]', String(minutes));
  await g.page.fill('input[name="increment"]', String(increment));
  if (level !== undefined) await g.page.fill('input[name="level"]', String(level));
  for (const option of options) await g.page.check(`input[data-option="${option}"]`);
  if (rated) await g.page.check('input[name="rated"]');
  await g.page.getByRole('button', { name: button }).click();
  await g.page.waitForURL(/\/game\/[^/]+$/, WAIT);
  await g.page.waitForSelector('.game[data-ply]', WAIT);
  return new URL(g.page.url()).pathname.split('/').pop();
}

/** White posts a seek for `variant` in the lobby; Black sees it listed there and accepts it. */
async function newGame(variant, options = {}) {
  const white = await guest(options.viewport);
  const id = await createFromLobby(white, { variant, ...options });
  assert.match(await white.page.locator('.status .turn').innerText(), /Waiting for an opponent/);
  const black = await guest(options.viewport);
  await black.page.goto(`${server.url}/`);
  await black.page.locator(`tr.seek[data-id="${id}"] button.accept-seek`).click(WAIT);
  await black.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  for (const g of [white, black]) await g.page.waitForFunction(() => !/Waiting/.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
  assert.match(await white.page.locator('.who').innerText(), /You play White/);
  assert.match(await black.page.locator('.who').innerText(), /You play Black/);
  return { id, white, black };
}

// Screenshots older than this run are not counted.
const testStarted = Date.now();

const plyOf = page => page.evaluate(() => Number(document.querySelector('.game')?.dataset.ply ?? -1));

/** Waits until every page has seen a state past `ply` whose turn is no roll. */
async function settledPast(pages, ply) {
  for (const page of pages) {
    await page.waitForFunction(
      n => Number(document.querySelector('.game')?.dataset.ply ?? -1) > n && !/dice are rolling/.test(document.querySelector('.status')?.textContent ?? ''),
      ply,
      WAIT,
    );
  }
}

/** Types an action into the game page's move box and presses Enter; waits until all `pages` have the new state. */
async function typeAction(mover, text, pages) {
  const before = await plyOf(mover.page);
  await mover.page.fill('.keyboard input', text);
  await mover.page.press('.keyboard input', 'Enter');
  await settledPast(pages, before);
}

/** Clicks a square's centre (chessground handles it on the next tick). */
async function clickSquare(page, square) {
  const box = await page.locator(`.sq[data-square="${square}"]`).boundingBox();
  assert.ok(box, `square ${square} is on the page`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(80);
}

/** Clicks a square near its top left corner (a fifth of its size in): a tap need not hit the centre. */
async function clickNearCorner(page, square) {
  const box = await page.locator(`.sq[data-square="${square}"]`).boundingBox();
  assert.ok(box, `square ${square} is on the page`);
  await page.mouse.click(box.x + box.width / 5, box.y + box.height / 5);
  await page.waitForTimeout(80);
}

/** Plays from-to by two clicks. */
async function clickMove(mover, from, to, pages) {
  const before = await plyOf(mover.page);
  await clickSquare(mover.page, from);
  await clickSquare(mover.page, to);
  await settledPast(pages, before);
}

/** Clicks a button of the game page, by its action text or its words. */
async function press(g, name, pages) {
  const before = await plyOf(g.page);
  await g.page.getByRole('button', { name, exact: true }).click(WAIT);
  if (pages) await settledPast(pages, before);
}

/** Resigns (the button asks to be pressed twice). */
async function resign(g, pages) {
  const before = await plyOf(g.page);
  await g.page.getByRole('button', { name: 'Resign' }).click(WAIT);
  await g.page.getByRole('button', { name: 'Really resign?' }).click(WAIT);
  await settledPast(pages, before);
}

const pieceOn = (page, square) => page.locator(`.sq[data-square="${square}"]`).getAttribute('data-piece');
const resultOf = page => page.locator('.status .result').innerText(WAIT);

/** Plays the first move the page offers: the first own piece with a destination, to its first destination. */
async function anyMove(mover, colour, pages) {
  const before = await plyOf(mover.page);
  const squares = await mover.page.locator(`.sq[data-piece^="${colour} "]`).evaluateAll(els => els.map(e => e.dataset.square));
  for (const square of squares) {
    await clickSquare(mover.page, square);
    const dest = mover.page.locator('.ground square.move-dest').first();
    if (await dest.count()) {
      await dest.click({ force: true });
      await settledPast(pages, before);
      return square;
    }
  }
  assert.fail(`${colour} has no move on the page`);
}

async function screenshot(g, name) {
  await g.page.screenshot({ path: join(shotsDir, `server-${name}.png`) });
}

test('the fixture harness serves the real server\'s GET /api/variants (web/fixtures/api/variants.json), so fixture pages read the same names and typed words', async () => {
  const served = await (await fetch(`${server.api}/api/variants`)).json();
  const kept = JSON.parse(readFileSync(join(webDir, 'fixtures', 'api', 'variants.json'), 'utf8'));
  assert.deepEqual(kept, served, 'refresh it: curl the running server\'s /api/variants into web/fixtures/api/variants.json');
});

test('lobby: the variants, the rules links and an empty list of seeks; the rules page of each variant', async () => {
  const g = await guest();
  await g.page.goto(`${server.url}/`);
  await g.page.waitForSelector('select[name="variant"] option', { state: 'attached', ...WAIT });
  const variants = (await (await fetch(`${server.api}/api/variants`)).json()).map(v => v.id);
  const offered = await g.page.locator('select[name="variant"] option').evaluateAll(os => os.map(o => o.value));
  assert.deepEqual(offered, variants);
  assert.match(await g.page.locator('.me').innerText(), /guest-/);
  // Rule options are offered for the variants that have them: Looking-Glass's forfeit rule.
  await g.page.selectOption('select[name="variant"]', 'looking-glass');
  assert.equal(await g.page.locator('input[data-option="forfeit"]').isVisible(), true, 'the forfeit rule for Looking-Glass');
  await g.page.selectOption('select[name="variant"]', 'chess');
  assert.equal(await g.page.locator('.game-options').isVisible(), false, 'no rule options for chess');
  await g.page.screenshot({ path: join(shotsDir, 'server-lobby.png') });
  for (const href of await g.page.locator('.rules-list a').evaluateAll(as => as.map(a => a.getAttribute('href')))) {
    const r = await fetch(`${server.url}${href}`);
    assert.equal(r.status, 200, href);
    assert.match(await r.text(), /<h1 id=/, `${href} is a rules page`);
  }
  const listed = await g.page.locator('.rules-list a').count();
  await g.page.getByRole('link', { name: 'Circe (Newport rules)' }).click();
  await g.page.waitForURL(/\/rules\/circe$/, WAIT);
  assert.match(await g.page.locator('h1').innerText(), /Circe/);
  await g.page.getByRole('link', { name: 'All rules' }).click();
  await g.page.waitForURL(/\/rules\/index$/, WAIT);
  assert.equal(await g.page.locator('main li a').count(), listed, 'the index lists every rules page the lobby links');
  await g.page.getByRole('link', { name: /Lobby/ }).click();
  await g.page.waitForURL(`${server.url}/`, WAIT);
  await g.done();
});

test('chess from the lobby: a seek accepted by another guest, moves by click and by keyboard, mate in words', async () => {
  const { white, black } = await newGame('chess');
  const both = [white.page, black.page];
  await clickMove(white, 'f2', 'f3', both);
  await clickMove(black, 'e7', 'e5', both);
  await typeAction(white, 'g4', both);
  await typeAction(black, 'Qh4#', both);
  for (const p of both) assert.match(await resultOf(p), /Black wins.*mate|checkmate/i);
  assert.equal(await pieceOn(white.page, 'h4'), 'black queen');
  assert.match(await white.page.locator('.players').innerText(), /White: guest-\w+ \(you\) · Black: guest-\w+/);
  for (const p of both) assert.equal(await p.locator('.dice-proof').isHidden(), true, 'chess rolls no dice: no dice proof shown');
  await screenshot(white, 'chess');
  await white.done();
  await black.done();
});

test('rejection: a proposal rejected with the button, the proposer told so and plays another move; one accepted', async () => {
  const { white, black } = await newGame('rejection');
  const both = [white.page, black.page];
  await typeAction(white, 'e4', both);
  assert.match(await black.page.locator('.proposal').innerText(), /proposes e4/);
  await press(black, 'Reject', both);
  assert.match(await white.page.locator('.rejected').innerText(), /e4|e2e4/);
  await typeAction(white, 'd4', both);
  for (const p of both) {
    assert.deepEqual(await p.locator('.moves .move').allInnerTexts(), ['e4', 'd4'], 'the rejected proposal is in the move list');
    assert.deepEqual(await p.locator('.moves .move-rejected').allInnerTexts(), ['e4'], 'marked as rejected');
    assert.doesNotMatch(await p.locator('body').innerText(), /e2e4|d2d4/, 'moves in SAN, as everywhere on the page');
  }
  await typeAction(black, 'e5', both);
  await press(white, 'Accept', both);
  assert.equal(await pieceOn(white.page, 'e5'), 'black pawn');
  assert.equal(await pieceOn(white.page, 'e4'), null);
  await screenshot(black, 'rejection');
  await resign(white, both);
  for (const p of both) assert.match(await resultOf(p), /Black wins.*resign/i);
  await white.done();
  await black.done();
});

test('circe: after exd5 the rebirth squares are highlighted and the clicked one is where the pawn is reborn', async () => {
  const { white, black } = await newGame('circe');
  const both = [white.page, black.page];
  await typeAction(white, 'e4', both);
  await typeAction(black, 'd5', both);
  await clickSquare(white.page, 'e4');
  await clickSquare(white.page, 'd5');
  assert.ok((await white.page.locator('.sq.rebirth-option').count()) > 1, 'several rebirth squares are offered');
  const before = await plyOf(white.page);
  await clickSquare(white.page, 'e3');
  await settledPast(both, before);
  for (const p of both) {
    assert.equal(await pieceOn(p, 'd5'), 'white pawn');
    assert.equal(await pieceOn(p, 'e3'), 'black pawn', 'reborn where White clicked');
  }
  await screenshot(black, 'circe');
  await resign(black, both);
  await white.done();
  await black.done();
});

test('beirut: carriers chosen by a click, marked only for their owner, never shown to a spectator who came through the lobby\'s watch box; a detonation wins', async () => {
  const { id, white, black } = await newGame('beirut');
  const both = [white.page, black.page];
  const before = await plyOf(white.page);
  await clickSquare(white.page, 'g1');
  await press(white, 'Arm the knight on g1', both);
  await settledPast(both, before);
  const before2 = await plyOf(black.page);
  await clickSquare(black.page, 'e8');
  assert.equal(await black.page.locator('.panel > .error').innerText(), 'The king cannot carry the bomb: click another of your pieces.');
  await clickSquare(black.page, 'b8');
  await press(black, 'Arm the knight on b8', both);
  await settledPast(both, before2);
  const spectator = await guest();
  await spectator.page.goto(`${server.url}/`);
  await spectator.page.fill('input[name="game"]', `${server.url}/game/${id}`); // the lobby's "watch a game" box
  await spectator.page.getByRole('button', { name: 'Open the game' }).click();
  await spectator.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  await spectator.page.waitForSelector('.game[data-ply]', WAIT);
  assert.match(await spectator.page.locator('.who').innerText(), /Watching/);
  const all = [white.page, black.page, spectator.page];
  const secretsKept = async () => {
    assert.deepEqual(await white.page.locator('.sq.carrier').evaluateAll(e => e.map(x => x.dataset.square)), [await white.page.locator('.sq[data-piece="white knight"].carrier').getAttribute('data-square')]);
    assert.equal(await white.page.locator('.sq.carrier[data-square="b8"]').count(), 0, 'White never sees Black\'s carrier');
    assert.equal(await black.page.locator('.sq.carrier').count(), 1);
    assert.equal(await black.page.locator('.sq.carrier[data-square="b8"]').count(), 1);
    assert.equal(await spectator.page.locator('.sq.carrier').count(), 0, 'the spectator sees no carrier');
    const seen = await spectator.page.locator('body').innerText();
    assert.doesNotMatch(seen, /knight on g1|on b8|carrier: /i, 'the spectator is told no carrier');
  };
  await secretsKept();
  await typeAction(white, 'Nf3', all);
  await typeAction(black, 'a6', all);
  await typeAction(white, 'Ne5', all);
  await typeAction(black, 'a5', all);
  await typeAction(white, 'Nxf7', all);
  await secretsKept();
  await typeAction(black, 'a4', all);
  await screenshot(spectator, 'beirut-spectator');
  await press(white, 'Detonate the bomb', all);
  for (const p of all) {
    assert.match(await resultOf(p), /White wins/i);
    assert.equal(await pieceOn(p, 'e8'), null, 'the black king is gone in the blast');
    assert.equal(await pieceOn(p, 'f7'), null);
  }
  assert.match(await spectator.page.locator('.reveal').innerText(), /g1|knight/i, 'after the end the secrets are revealed');
  await screenshot(white, 'beirut');
  for (const g of [white, black, spectator]) await g.done();
});

test('bermuda-angle: each roll shown with the committed hash, then the seed checked against the server\'s verify route', async () => {
  const { id, white, black } = await newGame('bermuda-angle');
  const both = [white.page, black.page];
  const commitment = /SHA-256 ([0-9a-f]{64})/.exec(await white.page.locator('.dice-proof').innerText())?.[1];
  assert.ok(commitment, 'the commitment is shown from the start');
  const rolls = [];
  for (const [g, move] of [[white, 'd2d4'], [black, 'e9e7']]) {
    await typeAction(g, move, both);
    const shown = await g.page.locator('.dice .roll-square').innerText();
    assert.equal(shown, await (g === white ? black : white).page.locator('.dice .roll-square').innerText(), 'both seats see the same roll');
    rolls.push(/Roll: ([a-j]\d+)/.exec(shown)[1]);
  }
  await screenshot(white, 'bermuda-angle');
  await resign(black, both);
  assert.match(await white.page.locator('.dice-proof').innerText(), new RegExp(`Dice seed [0-9a-f]+ \\(committed as SHA-256 ${commitment}\\)`));
  await white.page.getByRole('button', { name: 'Check every roll against the seed' }).click();
  await white.page.waitForSelector('.dice-verified', WAIT);
  const checked = await white.page.locator('.checked-rolls li').evaluateAll(ls => ls.map(l => l.dataset.roll));
  assert.deepEqual(checked, rolls.map(square => `roll ${square}`), 'the rolls the page showed are the ones the seed gives (as the server writes a roll: "roll c7")');
  const verified = await (await fetch(`${server.api}/api/games/${id}/verify`)).json();
  assert.equal(verified.commitment, commitment);
  await white.done();
  await black.done();
});

test('portal: a knight landing on f3 goes through to b5', async () => {
  const { white, black } = await newGame('portal');
  const both = [white.page, black.page];
  assert.equal(await white.page.locator('.sq[data-special="portal"]').count(), 4, 'the four portals are marked');
  await clickMove(white, 'g1', 'f3', both);
  for (const p of both) {
    assert.equal(await pieceOn(p, 'b5'), 'white knight');
    assert.equal(await pieceOn(p, 'f3'), null);
  }
  assert.match(await black.page.locator('.events').innerText(), /b5/);
  await screenshot(black, 'portal');
  await resign(black, both);
  await white.done();
  await black.done();
});

test('knights-are-god: a pawn lent the knight\'s power moves like a knight, a destination like any other', async () => {
  const { white, black } = await newGame('knights-are-god');
  const both = [white.page, black.page];
  await clickSquare(white.page, 'e2');
  assert.ok((await white.page.locator('.ground square.move-dest').count()) >= 3, 'e3, e4 and the conferred jumps');
  await clickSquare(white.page, 'e2'); // deselect
  await clickMove(white, 'e2', 'd4', both);
  assert.equal(await pieceOn(black.page, 'd4'), 'white pawn');
  await screenshot(white, 'knights-are-god');
  await resign(black, both);
  await white.done();
  await black.done();
});

test('bede: a move on the 9x11 board, then a resignation', async () => {
  const { white, black } = await newGame('bede');
  const both = [white.page, black.page];
  assert.equal(await white.page.locator('.sq').count(), 99);
  await anyMove(white, 'white', both);
  await anyMove(black, 'black', both);
  await screenshot(white, 'bede');
  await resign(white, both);
  for (const p of both) assert.match(await resultOf(p), /Black wins/i);
  await white.done();
  await black.done();
});

test('bermuda-two-board: both boards, a move, then a resignation', async () => {
  const { white, black } = await newGame('bermuda-two-board');
  const both = [white.page, black.page];
  assert.equal(await white.page.locator('.board').count(), 2);
  await anyMove(white, 'white', both);
  await screenshot(white, 'bermuda-two-board');
  await resign(black, both);
  for (const p of both) assert.match(await resultOf(p), /White wins/i);
  await white.done();
  await black.done();
});

test('a tiny clock: White\'s time runs out and the result says so in words', async () => {
  const { white, black } = await newGame('chess', { minutes: 0.002, increment: 0 });
  const both = [white.page, black.page];
  await typeAction(white, 'e4', both);
  await typeAction(black, 'e5', both);
  for (const p of both) assert.match(await resultOf(p), /Black wins on time/i);
  assert.equal(await white.page.locator('.keyboard').isHidden(), true, 'no move box after the end');
  await white.done();
  await black.done();
});

test('a challenge link: the other guest opens it and accepts, then the game is aborted', async () => {
  const white = await guest();
  const id = await createFromLobby(white, { variant: 'chess', button: 'Make a challenge link' });
  const link = await white.page.locator('.challenge-link').inputValue();
  assert.equal(link, `${server.url}/game/${id}`);
  const black = await guest();
  await black.page.goto(link);
  await black.page.getByRole('button', { name: 'Accept: play Black' }).click();
  await black.page.waitForFunction(() => /You play Black/.test(document.querySelector('.who')?.textContent ?? ''), null, WAIT);
  const before = await plyOf(white.page);
  await white.page.getByRole('button', { name: 'Abort the game' }).click();
  await white.page.waitForFunction(() => /aborted/i.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
  assert.ok((await plyOf(white.page)) >= before);
  await white.done();
  await black.done();
});

/** The page's countdown to the server's abort deadline: its words, or null while it is hidden. */
const deadlineOf = page => page.evaluate(() => {
  const p = document.querySelector('.abort-deadline');
  return p && !p.hidden ? p.textContent : null;
});

/** Waits until the countdown says `pattern` (a RegExp's source), or is hidden when `pattern` is null. */
async function deadlineSays(page, pattern) {
  await page.waitForFunction(
    re => {
      const p = document.querySelector('.abort-deadline');
      const shown = p && !p.hidden ? p.textContent : null;
      return re === null ? shown === null : shown !== null && new RegExp(re).test(shown);
    },
    pattern,
    WAIT,
  );
  return deadlineOf(page);
}

test("the abort deadline counted down in words: a challenge link expires in 59 min; then White, and after White's first move Black, must move within 30 s; none after both moved", async () => {
  const white = await guest();
  const id = await createFromLobby(white, { variant: 'chess', button: 'Make a challenge link' });
  assert.equal(await deadlineSays(white.page, '^This challenge expires in \\d+ min$'), 'This challenge expires in 59 min');
  const black = await guest();
  await black.page.goto(`${server.url}/game/${id}`);
  assert.equal(await deadlineSays(black.page, 'expires'), 'This challenge expires in 59 min', 'the visitor reads it too');
  await black.page.getByRole('button', { name: 'Accept: play Black' }).click();
  await black.page.waitForFunction(() => /You play Black/.test(document.querySelector('.who')?.textContent ?? ''), null, WAIT);
  const seconds = words => Number(/within (\d+) s or/.exec(words)[1]);
  for (const page of [white.page, black.page]) {
    const words = await deadlineSays(page, '^White must move within \\d+ s or the game is aborted$');
    assert.ok(seconds(words) <= 30 && seconds(words) > 0, words);
  }
  const both = [white.page, black.page];
  await typeAction(white, 'e4', both);
  for (const page of both) {
    const words = await deadlineSays(page, '^Black must move within \\d+ s or the game is aborted$');
    assert.ok(seconds(words) <= 30 && seconds(words) > 0, words);
  }
  await typeAction(black, 'e5', both);
  for (const page of both) assert.equal(await deadlineSays(page, null), null, 'no deadline once both have moved');
  await white.done();
  await black.done();
});

test('rematch: offered on a finished game, the opponent accepts it, colours swapped', async () => {
  const { id, white, black } = await newGame('chess');
  const both = [white.page, black.page];
  await resign(white, both);
  await white.page.getByRole('button', { name: 'Rematch', exact: true }).click();
  await white.page.waitForURL(u => !u.pathname.endsWith(id), WAIT);
  const next = new URL(white.page.url()).pathname.split('/').pop();
  await black.page.getByRole('button', { name: 'Accept the rematch' }).click(WAIT);
  await black.page.waitForURL(new RegExp(`/game/${next}$`), WAIT);
  await white.page.waitForFunction(() => /You play Black/.test(document.querySelector('.who')?.textContent ?? ''), null, WAIT);
  await black.page.waitForFunction(() => /You play White/.test(document.querySelector('.who')?.textContent ?? ''), null, WAIT);
  await typeAction(black, 'e4', both);
  await white.done();
  await black.done();
});

test('the engine at level 0: the game starts at once, the engine answers, the player resigns', async () => {
  const g = await guest();
  await createFromLobby(g, { variant: 'chess', button: 'Play the engine', level: 0 });
  assert.match(await g.page.locator('.players').innerText(), /engine \(level 0\)/);
  await typeAction(g, 'e4', [g.page]);
  await g.page.waitForFunction(() => /Your turn/.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
  assert.equal(await g.page.locator('.moves .move').count(), 2, 'the engine has answered');
  await resign(g, [g.page]);
  assert.match(await resultOf(g.page), /Black wins/i);
  await g.done();
});

test('on a phone (390x844): lobby and game page fit the width, the board fits, moves typed on the keyboard', async () => {
  const { white, black } = await newGame('chess', { viewport: { width: 390, height: 844 } });
  const both = [white.page, black.page];
  for (const p of both) {
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll');
    const board = await p.locator('.board-frame').boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= 390, `the board fits: ${JSON.stringify(board)}`);
  }
  await typeAction(white, 'Nf3', both);
  await typeAction(black, 'e7e5', both);
  assert.equal(await pieceOn(black.page, 'f3'), 'white knight');
  await screenshot(white, 'phone');
  await black.page.goto(`${server.url}/`);
  await black.page.waitForSelector('select[name="variant"] option', { state: 'attached', ...WAIT });
  assert.ok(await black.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the lobby has no horizontal scroll');
  await white.done();
  await black.done();
});

/** The game's state as the server gives it to guest `g` (its own seat's view). */
async function stateOf(g, id) {
  return (await g.context.request.get(`${server.url}/api/games/${id}`)).json();
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// The creator's page changes above the board when the opponent joins (the
// header's "Waiting for an opponent" becomes "Your turn", one line shorter on
// a phone): the board moves, and a click must still land on the square under it.
for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${size}: the creator moves by clicks once the opponent has joined (chess, rejection, portal, beirut, bede)`, async () => {
    for (const variant of ['chess', 'rejection', 'portal', 'beirut', 'bede']) {
      const { id, white, black } = await newGame(variant, { viewport });
      const both = [white.page, black.page];
      const before = await plyOf(white.page);
      const legal = (await stateOf(white, id)).view.legal;
      const carrier = legal.find(a => a.text.startsWith('carrier '));
      if (carrier) {
        await clickNearCorner(white.page, carrier.from ?? carrier.text.split(' ')[1]);
        await white.page.getByRole('button', { name: /^Arm / }).click(WAIT);
        await settledPast(both, before);
        assert.equal(await white.page.locator('.sq.carrier').getAttribute('data-square'), carrier.from ?? carrier.text.split(' ')[1], `${variant}: the clicked piece carries the bomb`);
      } else {
        const move = legal.find(a => a.from && a.to && a.from !== a.to && !a.promotion);
        await clickNearCorner(white.page, move.from);
        await clickNearCorner(white.page, move.to);
        await settledPast(both, before);
        assert.equal((await stateOf(black, id)).view.last?.text, move.text, `${variant}: ${move.text} by two clicks`);
      }
      await white.done();
      await black.done();
    }
  });
}

/** Both Looking-Glass players set up with the FIDE start by the picker's button. */
async function fideStarts(white, black) {
  const pages = [white.page, black.page];
  for (const g of [white, black]) {
    const before = await plyOf(g.page);
    await g.page.click('.start-fide', WAIT);
    await settledPast(pages, before);
  }
}

/** No page shows a piece of the world its player cannot see. */
async function neverTheOtherWorld(white, black) {
  assert.equal(await white.page.locator('.sq[data-square^="M"][data-piece^="black"]').count(), 0, 'White never sees a black piece in the Mirror world');
  assert.equal(await black.page.locator('.sq[data-square^="R"][data-piece^="white"]').count(), 0, 'Black never sees a white piece in the Real world');
}

test('looking-glass: secret setups, moves in the own world and an order on the notes board by clicks, a typed move, a resignation; no page shows the other world', async () => {
  const { white, black } = await newGame('looking-glass');
  const pages = [white.page, black.page];
  let before = await plyOf(white.page);
  await white.page.click('.start-fide', WAIT);
  await settledPast(pages, before);
  before = await plyOf(black.page);
  await black.page.fill('.start-typed input', 'NRKBBQRN');
  await black.page.click('.start-typed button');
  await settledPast(pages, before);
  assert.ok(!(await white.page.locator('body').innerText()).includes('NRKBBQRN'), 'Black\'s start is secret');
  assert.equal(await white.page.locator('.board:not(.notes-board) .sq[data-piece]').count(), 16);
  for (const p of pages) {
    // The setup picker sits under the boards: after it, the page brings the boards back into view.
    assert.ok(await p.evaluate(() => document.querySelector('.status').getBoundingClientRect().top >= 0), 'the header and the boards are in view after the setup');
  }
  await neverTheOtherWorld(white, black);
  await clickMove(white, 'Ra2', 'Ra4', pages); // passes through to Ma4
  assert.equal(await white.page.locator('.notes-board .sq[data-square="Ma4"]').getAttribute('data-piece'), 'white pawn');
  await neverTheOtherWorld(white, black);
  await clickMove(black, 'Mh7', 'Mh5', pages);
  await clickMove(white, 'Ma4', 'Ma5', pages); // an order into the unseen world, on the notes board
  await neverTheOtherWorld(white, black);
  assert.match(await black.page.locator('.knowledge-log').innerText(), /the white pawn went from Ma4 to Ma5/);
  // Ra5 was empty, so the pawn passed back through: on White's own board now, gone from the notes.
  assert.match(await white.page.locator('.knowledge-log').innerText(), /the white pawn on Ma5 passed through to Ra5/);
  assert.equal(await white.page.locator('.sq[data-square="Ra5"]').getAttribute('data-piece'), 'white pawn');
  assert.equal(await white.page.locator('.notes-board .sq[data-piece]').count(), 0, 'the notes board follows the log');
  await typeAction(black, 'Mb7Mb6', pages);
  assert.match(await black.page.locator('.knowledge-log').innerText(), /Black plays/);
  await black.page.click('.game-buttons button[data-action="resign"]');
  await black.page.click('.game-buttons button[data-action="resign"]');
  for (const page of pages) await page.waitForSelector('.status .result', WAIT);
  assert.match(await white.page.locator('.status .result').innerText(), /White wins/);
  assert.equal(await white.page.locator('.board').count(), 2, 'both worlds at the end');
  await screenshot(white, 'looking-glass');
  await white.done();
  await black.done();
});

test('looking-glass to its end by clicks: three impossible orders lose by Strikes, counted on both pages; the result in words; then a spectator sees both worlds', async () => {
  const { id, white, black } = await newGame('looking-glass');
  const pages = [white.page, black.page];
  await fideStarts(white, black);
  const spectator = await guest();
  await spectator.page.goto(`${server.url}/game/${id}`);
  await spectator.page.waitForSelector('.game[data-ply]', WAIT);
  const all = [...pages, spectator.page];
  assert.equal(await spectator.page.locator('.sq[data-piece]').count(), 0, 'a spectator sees no piece before the end');
  assert.match(await spectator.page.locator('.boards-hidden').innerText(), /^Both worlds are hidden from spectators until the game ends/, 'and is told why the page has no board');
  await clickMove(white, 'Ra2', 'Ra4', all); // passes through to Ma4
  await clickMove(black, 'Mh7', 'Mh6', all);
  for (let strike = 1; strike <= 3; strike++) {
    // A pawn's diagonal step onto an empty square (Mb5) cannot be carried out: a Strike, and White orders again.
    await clickMove(white, 'Ma4', 'Mb5', all);
    for (const p of pages) {
      assert.match((await p.locator('.knowledge-log .latest').allInnerTexts()).join('\n'), new RegExp(`Strike ${strike} of 3 for White: Ma4Mb5 is impossible`));
      assert.equal(await p.locator('.ground square.last-move').count(), 0, 'the impossible order is not shown as played');
      if (strike < 3) assert.match(await p.locator('.knowledge').innerText(), new RegExp(`Strikes: White ${strike}, Black 0 \\(three lose\\)`));
    }
    if (strike < 3) await neverTheOtherWorld(white, black);
    if (strike === 2) assert.equal(await spectator.page.locator('.sq[data-piece]').count(), 0, 'still nothing for the spectator');
  }
  for (const p of all) assert.equal(await resultOf(p), 'Black wins: White gave three impossible orders');
  await spectator.page.waitForFunction(() => document.querySelectorAll('.board').length === 2, null, WAIT);
  assert.equal(await spectator.page.locator('.sq[data-square="Ra4"]').count(), 1);
  assert.equal(await spectator.page.locator('.sq[data-square="Ma4"]').getAttribute('data-piece'), 'white pawn', 'the spectator sees the Mirror world now');
  assert.equal(await spectator.page.locator('.sq[data-square="Re1"]').getAttribute('data-piece'), 'white king', 'and the Real world');
  assert.equal(await black.page.locator('.sq[data-square="Re1"]').getAttribute('data-piece'), 'white king', 'Black sees the Real world after the end');
  await screenshot(spectator, 'looking-glass-strikes');
  for (const g of [white, black, spectator]) await g.done();
});

test('looking-glass with the forfeit rule chosen in the lobby: an impossible order makes the opponent choose the forfeiting side\'s move, by clicks; no Strike', async () => {
  const { white, black } = await newGame('looking-glass', { options: ['forfeit'] });
  const pages = [white.page, black.page];
  for (const p of pages) await p.locator('.rule-options', { hasText: 'Forfeit rule' }).waitFor(WAIT);
  await fideStarts(white, black);
  await clickMove(white, 'Ra2', 'Ra4', pages); // passes through to Ma4
  await clickMove(black, 'Mh7', 'Mh6', pages);
  await clickMove(white, 'Ma4', 'Mb5', pages); // impossible: the turn is forfeited
  assert.equal(await black.page.locator('.for-opponent').innerText(), 'Choose White\'s move in the Mirror world: White\'s order was impossible, so you move one of White\'s pieces there, and it is played for White.');
  assert.equal(await white.page.locator('.for-opponent').innerText(), 'Your order was impossible: Black chooses your move in the world Black sees.');
  assert.equal(await black.page.locator('.status .turn').innerText(), 'Your turn: choose White\'s move');
  await screenshot(black, 'looking-glass-forfeit');
  await clickMove(black, 'Ma4', 'Ma5', pages); // Black moves White's pawn; it passes back through to Ra5
  assert.equal(await pieceOn(white.page, 'Ra5'), 'white pawn');
  assert.equal(await pieceOn(black.page, 'Ma5'), null);
  for (const p of pages) {
    assert.match(await p.locator('.knowledge').innerText(), /Strikes: White 0, Black 0/);
    assert.equal(await p.locator('.for-opponent').count(), 0);
  }
  assert.match(await white.page.locator('.status .turn').innerText(), /Black to play/);
  await neverTheOtherWorld(white, black);
  await resign(white, pages);
  await white.done();
  await black.done();
});

const PASSWORD = 'correct horse battery';

/** Signs `g` up in the lobby's form as `name`; waits until the header names the user. */
async function signUp(g, name, password = PASSWORD) {
  await g.page.goto(`${server.url}/`);
  await g.page.waitForSelector('.me:has-text("guest-")', WAIT);
  await g.page.fill('.signup input[name="name"]', name);
  await g.page.fill('.signup input[name="password"]', password);
  await g.page.getByRole('button', { name: 'Sign up' }).click();
  await g.page.waitForSelector(`.me a[href="/@/${name}"]`, WAIT);
}

/** The text of `selector` once it has some (an answer from the server). */
async function textWhenShown(page, selector) {
  await page.waitForSelector(`${selector}:not(:empty)`, WAIT);
  return page.locator(selector).innerText();
}

async function logIn(g, name, password) {
  await g.page.fill('.login input[name="name"]', name);
  await g.page.fill('.login input[name="password"]', password);
  await g.page.getByRole('button', { name: 'Log in' }).click();
}

test('accounts in the lobby: sign up (the guest\'s games claimed), log out, a wrong password refused in the server\'s words, log in', async () => {
  const g = await guest();
  g.allow(400, '/api/signup');
  g.allow(401, '/api/login');
  await g.page.goto(`${server.url}/`);
  await g.page.waitForSelector('.me:has-text("guest-")', WAIT);
  const guestName = /guest-\w+/.exec(await g.page.locator('.me').innerText())[0];
  assert.equal(await g.page.locator('input[name="rated"]').isDisabled(), true, 'a guest cannot ask for a rated game');
  assert.equal(await g.page.locator('.rated-hint').innerText(), 'sign up or log in above to play rated games');
  // A too short password: the server's words next to the form.
  await g.page.fill('.signup input[name="name"]', 'Alice_B');
  await g.page.fill('.signup input[name="password"]', 'short');
  await g.page.getByRole('button', { name: 'Sign up' }).click();
  assert.equal(await textWhenShown(g.page, '.signup .account-error'), 'A password has at least 8 characters; choose a longer one.');
  await signUp(g, 'Alice_B');
  assert.equal(await g.page.locator('.me').innerText(), 'You are Alice_B.');
  assert.equal(await g.page.locator('.account-note').innerText(), `Welcome, Alice_B. The games you played as ${guestName} are yours now, under this name.`);
  assert.equal(await g.page.locator('.account-forms').isVisible(), false, 'no sign-up or log-in form once signed in');
  assert.equal(await g.page.locator('input[name="rated"]').isEnabled(), true, 'a user may ask for a rated game');
  await g.page.getByRole('button', { name: 'Log out' }).click();
  await g.page.waitForSelector('.me:has-text("guest-")', WAIT);
  assert.match(await g.page.locator('.account-note').innerText(), /^Logged out\. You play as guest-\w+ now/);
  assert.equal(await (await g.context.request.get(`${server.url}/api/me`)).json().then(m => m.signed_in), false, 'the server agrees: logged out');
  assert.equal(await g.page.locator('input[name="rated"]').isDisabled(), true);
  await logIn(g, 'alice_b', 'wrong password');
  assert.equal(await textWhenShown(g.page, '.login .account-error'), 'The name or the password is wrong; check both (names ignore case, passwords do not).');
  assert.match(await g.page.locator('.me').innerText(), /guest-/);
  await logIn(g, 'alice_b', PASSWORD);
  await g.page.waitForSelector('.me a[href="/@/Alice_B"]', WAIT);
  assert.equal(await g.page.locator('.login .account-error').innerText(), '', 'the old error is gone');
  await g.page.reload();
  await g.page.waitForSelector('.me a[href="/@/Alice_B"]', WAIT);
  await g.page.screenshot({ path: join(shotsDir, 'server-lobby-signed-in.png') });
  await g.done();
});

test('a rated game: listed as rated with the creator\'s provisional "1500?", refused to a guest, played by two users; the profile lists it with its PGN, and the grade form saves', async () => {
  const carol = await guest();
  await signUp(carol, 'Carol');
  const id = await createFromLobby(carol, { variant: 'chess', rated: true });
  const dave = await guest();
  dave.allow(403, `/api/games/${id}/accept`);
  await dave.page.goto(`${server.url}/`);
  const row = dave.page.locator(`tr.seek[data-id="${id}"]`);
  await row.waitFor(WAIT);
  assert.equal(await row.locator('.seek-kind').innerText(), 'rated');
  assert.equal(await row.locator('.seek-rating').innerText(), '1500?', 'a newcomer\'s provisional rating, as lichess writes it');
  assert.equal(await row.locator('.seek-by a').getAttribute('href'), '/@/Carol');
  await row.locator('button.accept-seek').click();
  assert.equal(await textWhenShown(dave.page, '.lobby > .error'), 'this game is rated: sign up or log in to take it, or play a casual game');
  await signUp(dave, 'Dave');
  await dave.page.locator(`tr.seek[data-id="${id}"] button.accept-seek`).click(WAIT);
  await dave.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
  const pages = [carol.page, dave.page];
  for (const p of pages) await p.waitForFunction(() => !/Waiting/.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
  assert.equal(await dave.page.locator('.players a[href="/@/Carol"]').innerText(), 'Carol', 'a user\'s name links to the profile');
  await typeAction(carol, 'e2e4', pages);
  await typeAction(dave, 'e7e5', pages);
  await resign(dave, pages);
  assert.match(await resultOf(carol.page), /White wins/);

  await carol.page.goto(`${server.url}/@/Carol`);
  const game = carol.page.locator(`tr.archived-game[data-id="${id}"]`);
  await game.waitFor(WAIT);
  assert.equal(await carol.page.locator('h1').innerText(), 'Carol');
  const cells = await game.locator('td').allInnerTexts();
  assert.deepEqual(cells.slice(1, 5), ['Chess', 'White', 'Dave', 'Won (White wins: Black resigned)']);
  assert.equal(cells[5], 'rated');
  assert.equal(await game.locator('a.game-link').getAttribute('href'), `/game/${id}`);
  const rating = carol.page.locator('tr.rating[data-variant="chess"] td');
  const [, ratingText, games] = await rating.allInnerTexts();
  assert.match(ratingText, /^\d{4}\?$/, 'a provisional rating after one game');
  assert.ok(Number(ratingText.slice(0, -1)) > 1500, 'the winner gained');
  assert.equal(games, '1');
  const [download] = await Promise.all([carol.page.waitForEvent('download', WAIT), game.locator('a.pgn-link').click()]);
  const pgn = readFileSync(await download.path(), 'utf8');
  assert.match(pgn, /^\[Event "Chesslantis rated game"\]/);
  assert.match(pgn, new RegExp(`\\[GameId "${id}"\\]`));
  assert.match(pgn, /1\. e4 e5 .*1-0\s*$/s);

  // The grade form: saved, shown, and kept.
  assert.equal(await carol.page.locator('.grade').innerText(), 'ECF grade: none given');
  await carol.page.fill('input[name="grade"]', '152');
  await carol.page.getByRole('button', { name: 'Save grade' }).click();
  await carol.page.waitForSelector('.grade-note:has-text("Saved: 152.")', WAIT);
  assert.equal(await carol.page.locator('.grade').innerText(), 'ECF grade: 152');
  assert.equal((await (await fetch(`${server.api}/api/users/carol`)).json()).grade, 152, 'the server has it');
  await carol.page.screenshot({ path: join(shotsDir, 'server-profile.png') });
  await carol.page.reload();
  await carol.page.waitForSelector('.grade:has-text("ECF grade: 152")', WAIT);
  assert.equal(await carol.page.inputValue('input[name="grade"]'), '152');
  await carol.page.fill('input[name="grade"]', '');
  await carol.page.getByRole('button', { name: 'Save grade' }).click();
  await carol.page.waitForSelector('.grade-note:has-text("Saved: no grade.")', WAIT);
  assert.equal(await carol.page.locator('.grade').innerText(), 'ECF grade: none given');

  // Someone else's profile has no form; the game is there from Dave's side.
  await dave.page.goto(`${server.url}/@/Carol`);
  await dave.page.locator(`tr.archived-game[data-id="${id}"]`).waitFor(WAIT);
  assert.equal(await dave.page.locator('.grade-form').count(), 0, 'no grade form on another\'s profile');
  await dave.page.goto(`${server.url}/@/Dave`);
  // The rows come from the API after the page loads.
  await dave.page.locator(`tr.archived-game[data-id="${id}"]`).waitFor(WAIT);
  const lost = await dave.page.locator(`tr.archived-game[data-id="${id}"] td`).allInnerTexts();
  assert.deepEqual(lost.slice(2, 5), ['Black', 'Carol', 'Lost (White wins: Black resigned)']);
  await carol.done();
  await dave.done();
});

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${size}: a link to a game that does not exist answers 404 with a page that says so and links to the lobby; no socket is opened`, async t => {
    if (server.url !== server.api) {
      t.skip('the front serves the game page for every id; the 404 page is the server\'s own');
      return;
    }
    const g = await guest(viewport);
    g.allow(404, '/game/doesnotexist1');
    const sockets = [];
    g.page.on('websocket', ws => sockets.push(ws.url()));
    const response = await g.page.goto(`${server.url}/game/doesnotexist1`);
    assert.equal(response.status(), 404);
    assert.equal(await g.page.locator('h1').innerText(), 'No such game');
    assert.equal(await g.page.locator('.no-such-game').innerText(), 'There is no game doesnotexist1 on this server: check the link you were sent, or start a game in the lobby.');
    assert.ok(await g.page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth), 'no sideways scroll');
    await g.page.getByRole('link', { name: 'Go to the lobby' }).click();
    await g.page.waitForURL(`${server.url}/`, WAIT);
    await g.page.waitForSelector('select[name="variant"] option', { state: 'attached', ...WAIT });
    assert.deepEqual(sockets, [], 'the 404 page opens no WebSocket');
    await g.done();
  });
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${size}: before anyone joins, the creator is offered only the link to send and Cancel, which calls the game off`, async () => {
    const white = await guest(viewport);
    const id = await createFromLobby(white, { variant: 'chess' });
    assert.equal(await white.page.locator('.challenge-link').inputValue(), `${server.url}/game/${id}`);
    assert.deepEqual(await white.page.locator('.game-buttons button').allInnerTexts(), ['Cancel the game'], 'no Resign, no draw offer');
    assert.equal(await white.page.locator('.actions button').count(), 0);
    assert.equal(await white.page.locator('.keyboard').isHidden(), true, 'nothing to type');
    await clickSquare(white.page, 'e2');
    assert.equal(await white.page.locator('.ground square.move-dest').count(), 0, 'nothing to move');
    await white.page.getByRole('button', { name: 'Cancel the game' }).click();
    await white.page.waitForFunction(() => /Game aborted/.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
    const seeks = await (await fetch(`${server.api}/api/seeks`)).json();
    assert.equal(seeks.some(s => s.id === id), false, 'the seek is gone from the lobby');
    await white.done();
  });
}

/** A POST to the server's API as guest `g` (its cookie, this site's Origin); the JSON answer. */
async function apiPost(g, path, data) {
  const r = await g.context.request.post(`${server.url}${path}`, { headers: { origin: server.url }, data });
  assert.ok(r.ok(), `${path}: ${r.status()} ${await r.text()}`);
  return r.json();
}

test('every page fits a phone 360 and 430 px wide without sideways scrolling: the lobby with seeks listed (each Accept on the screen), game pages, a profile, the rules', async () => {
  const owner = await guest();
  await signUp(owner, 'Narrow_Screen_Tester');
  const seek = (variant, extra = {}) => apiPost(owner, '/api/games', { variant, time_ms: 300_000, opponent_time_ms: 300_000, increment_ms: 2000, colour: 'white', open: true, ...extra }).then(c => c.id);
  // A finished game for the profile's list, a game under way, and open seeks (one with odds: the longest time control).
  const other = await guest();
  await other.page.goto(`${server.url}/`);
  const finished = await seek('chess');
  await apiPost(other, `/api/games/${finished}/accept`, {});
  await apiPost(owner, `/api/games/${finished}/actions`, { ply: 0, action: 'resign' });
  const playing = await seek('bermuda-two-board');
  await apiPost(other, `/api/games/${playing}/accept`, {});
  const waiting = [await seek('looking-glass'), await seek('bede'), await seek('bermuda-angle', { opponent_time_ms: 180_000 }), await seek('circe', { rated: true })];
  const visitor = await guest();
  const variants = (await (await fetch(`${server.api}/api/variants`)).json()).map(v => v.id);
  for (const width of [360, 430]) {
    for (const g of [owner, visitor]) await g.page.setViewportSize({ width, height: 800 });
    const fits = async (page, what) => {
      const [scrolled, inner] = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
      assert.ok(scrolled <= inner, `${what} at ${width} px: the page is ${scrolled} px wide`);
    };
    await visitor.page.goto(`${server.url}/`);
    await visitor.page.waitForFunction(n => document.querySelectorAll('tr.seek').length >= n, waiting.length, WAIT);
    await fits(visitor.page, 'the lobby');
    for (const accept of await visitor.page.locator('tr.seek button.accept-seek').all()) {
      const box = await accept.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= width, `a seek's Accept is on the screen at ${width} px: ${JSON.stringify(box)}`);
    }
    await owner.page.goto(`${server.url}/`);
    await owner.page.waitForSelector('tr.seek', WAIT);
    await fits(owner.page, 'the lobby of a signed-in user with seeks of its own');
    for (const [g, id, what] of [[visitor, waiting[0], 'a waiting game, to accept'], [owner, waiting[1], 'a waiting game with its challenge link'], [owner, playing, 'a two-board game under way'], [visitor, finished, 'a finished game']]) {
      await g.page.goto(`${server.url}/game/${id}`);
      await g.page.waitForSelector('.game[data-ply]', WAIT);
      await fits(g.page, what);
    }
    await visitor.page.goto(`${server.url}/@/Narrow_Screen_Tester`);
    await visitor.page.waitForSelector(`tr.archived-game[data-id="${finished}"]`, WAIT);
    await fits(visitor.page, 'a profile with its games');
    for (const page of ['index', ...variants]) {
      await visitor.page.goto(`${server.url}/rules/${page}`);
      await fits(visitor.page, `the rules page ${page}`);
    }
  }
  await owner.done();
  await other.done();
  await visitor.done();
});

test('every variant\'s game page has its screenshot from this run (kept as test artifacts, so a reviewer sees every variant\'s board)', async () => {
  const variants = (await (await fetch(`${server.api}/api/variants`)).json()).map(v => v.id);
  for (const variant of variants) {
    const file = join(shotsDir, `server-${variant}.png`);
    assert.ok(existsSync(file) && statSync(file).mtimeMs >= testStarted, `target/web-screenshots/server-${variant}.png is taken by this run`);
  }
});
