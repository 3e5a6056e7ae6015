// What a screen reader gets, on every page the server serves for players
// (the lobby as a guest and signed in, the game page while it waits, in play,
// for a spectator and after the end, each variant's decisions, the analysis
// board and a finished game's computer analysis, the profiles,
// the rules pages, the page of an unknown game) and on the fixture harness's
// every fixture, each at a phone's size and a desktop's:
//
// - no control without a name: every button, link, text box, select,
//   checkbox and anything else the keyboard can reach has an accessible
//   name, as Chromium computes it for its accessibility tree (aria-labelledby,
//   aria-label, label, text content, title, alt; `Accessibility.getFullAXTree`);
// - each board is named for what it is and who sits at its bottom;
// - the game page's polite live region says each move in the words the page
//   shows for it, on the real server;
// - the decisions (Rejection's accept or reject, Circe's rebirth square,
//   Beirut's carrier from its list or typed) are made with the keyboard
//   alone: Tab to the control, the arrow keys or typing, Enter.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, openFixture, SIZES, webDir } from './harness-page.mjs';
import { serve } from './serve.mjs';
import { WAIT, plyOf, settledPast, realServerForFile, typeAction } from './real-server.mjs';

const real = realServerForFile();
let harness;
before(async () => {
  harness = await serve(webDir);
});
after(async () => {
  await harness?.close();
});

/** Roles a person acts on: each needs a name to be told apart from the others. */
const CONTROLS = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'DisclosureTriangle',
]);

/**
 * Every control of the page (a role above, or anything focusable) that the
 * accessibility tree gives no name, as `role <outer HTML>`: Chromium's own
 * computation of the accessible name, over what is shown (hidden parts are
 * left out of the tree).
 */
async function unnamedControls(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const found = [];
    for (const n of nodes) {
      if (n.ignored || n.backendDOMNodeId === undefined) continue;
      const role = n.role?.value ?? '';
      const focusable = (n.properties ?? []).some(p => p.name === 'focusable' && p.value?.value === true);
      if (!CONTROLS.has(role) && !(focusable && role !== 'RootWebArea')) continue;
      if (String(n.name?.value ?? '').trim()) continue;
      const { outerHTML } = await cdp.send('DOM.getOuterHTML', { backendNodeId: n.backendDOMNodeId }).catch(() => ({ outerHTML: '?' }));
      found.push(`${role} ${outerHTML.slice(0, 160)}`);
    }
    return found;
  } finally {
    await cdp.detach();
  }
}

/** Each board's role and name. */
const boardsOf = page => page.locator('.board').evaluateAll(bs => bs.map(b => [b.getAttribute('role'), b.getAttribute('aria-label') ?? '']));

/** The findings of one page, each prefixed with what the page is. */
async function audit(page, what, findings) {
  for (const f of await unnamedControls(page)) findings.push(`${what}: ${f}`);
}

/** A page whose server answers may be 404s by design (an unknown game), in a context of its own. */
async function plainPage(viewport) {
  const context = await real.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/**
 * A fake live analysis socket on `page` (docs/protocol.md, "Live analysis"):
 * every request is answered with the chess start and one evaluation, so the
 * engine's controls are drawn.
 */
async function fakeAnalysis(page) {
  const view = fixture('chess-start').messages[0].view;
  await page.routeWebSocket(/\/ws\/analysis$/, ws =>
    ws.onMessage(() => {
      ws.send(JSON.stringify({ type: 'position', view, san: [] }));
      ws.send(JSON.stringify({ type: 'eval', depth: 3, lines: [{ score: { cp: 25 }, san: ['e4', 'e5'], uci: ['e2e4', 'e7e5'] }], done: true }));
    }),
  );
}

/** Presses Tab (from the top of the page) until `locator` has the focus; fails after `max` presses. */
async function tabTo(page, locator, max = 150) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await locator.evaluate(e => e === document.activeElement)) return;
  }
  assert.fail(`${await locator.evaluate(e => e.outerHTML.slice(0, 120))} is not reached by Tab`);
}

/** The live region's words (the polite region that announces the last action). */
const announced = page => page.locator('.announcer[aria-live="polite"]').textContent();

test('the audit itself: it finds each control without a name and passes the named ones', async () => {
  const context = await real.browser.newContext();
  const page = await context.newPage();
  await page.setContent(`
    <button></button><button><img src="data:," alt=""></button><input type="text"><select><option></option></select>
    <a href="/x"></a><div tabindex="0"></div><input type="checkbox">
    <button>Named</button><button aria-label="Labelled"></button><span id="l">By id</span><input aria-labelledby="l">
    <label for="f">Field</label><input id="f"><label>Wrapped <input type="checkbox"></label><a href="/y" title="Titled"></a>
    <button><img src="data:," alt="Alt text"></button><button hidden></button><div style="display:none"><button></button></div>`);
  const found = await unnamedControls(page);
  assert.deepEqual(
    found.map(f => f.split(' ')[0]).sort(),
    ['button', 'button', 'checkbox', 'combobox', 'generic', 'link', 'option', 'textbox'],
    found.join('\n'),
  );
  await context.close();
});

for (const [size, viewport] of SIZES) {
  test(`every player's page at ${size} size: no control without a name, the boards named`, async () => {
    const findings = [];
    const users = { white: `Ada_${size}`, black: `Bea_${size}` };

    // The lobby as a guest: the sign-up and log-in forms, the new game's form.
    const visitor = await real.guest({ viewport });
    await visitor.page.goto(`${real.server.url}/`);
    await visitor.page.waitForSelector('select[name="variant"] option', { state: 'attached', ...WAIT });
    await audit(visitor.page, 'lobby (guest)', findings);

    // The game: waiting for an opponent, the lobby with the open seek, in play for both and a spectator, over.
    const white = await real.guest({ viewport });
    const black = await real.guest({ viewport });
    for (const [g, name] of [[white, users.white], [black, users.black]]) {
      const r = await g.context.request.post(`${real.server.url}/api/signup`, { data: { name, password: 'correct horse battery' }, headers: { origin: real.server.url } });
      assert.equal(r.status(), 201, await r.text());
    }
    await white.page.goto(`${real.server.url}/`);
    await white.page.waitForSelector('select[name="variant"] option[value="chess"]', { state: 'attached', ...WAIT });
    await audit(white.page, 'lobby (signed in)', findings);
    await white.page.selectOption('select[name="colour"]', 'white');
    await white.page.getByRole('button', { name: 'Post an open seek' }).click();
    await white.page.waitForURL(/\/game\/[^/]+$/, WAIT);
    await white.page.waitForSelector('.game[data-ply]', WAIT);
    await audit(white.page, 'game (waiting for an opponent)', findings);
    const id = new URL(white.page.url()).pathname.split('/').pop();
    await black.page.goto(`${real.server.url}/`);
    await black.page.waitForSelector(`tr.seek[data-id="${id}"] button.accept-seek`, WAIT);
    await audit(black.page, 'lobby (an open seek)', findings);
    await black.page.locator(`tr.seek[data-id="${id}"] button.accept-seek`).click();
    await black.page.waitForURL(new RegExp(`/game/${id}$`), WAIT);
    const both = [white.page, black.page];
    for (const p of both) await p.waitForFunction(() => !/Waiting/.test(document.querySelector('.status')?.textContent ?? ''), null, WAIT);
    const spectator = await real.guest({ viewport });
    await spectator.page.goto(`${real.server.url}/game/${id}`);
    await spectator.page.waitForSelector('.game[data-ply]', WAIT);
    const all = [...both, spectator.page];
    // The live region says each move as the page's events say it, the move list's SAN in it.
    for (const [mover, san, words] of [[white, 'e4', 'White plays e4'], [black, 'e5', 'Black plays e5']]) {
      await typeAction(mover, san, all);
      for (const p of all) {
        assert.equal(await announced(p), words, 'the live region says the move');
        assert.equal(await p.locator('.moves .move').last().innerText(), san, 'the move list shows it');
        assert.ok((await p.locator('.events').innerText()).includes(words), 'the events say the same words');
      }
    }
    for (const [p, who] of [[white.page, 'White'], [black.page, 'Black'], [spectator.page, 'spectator']]) {
      await audit(p, `game in play (${who})`, findings);
      assert.deepEqual(await boardsOf(p), [['region', `Chess board, ${who === 'Black' ? 'Black' : 'White'} at the bottom`]], `the board is named (${who})`);
    }
    await white.page.getByRole('button', { name: 'Resign' }).click();
    await white.page.getByRole('button', { name: 'Really resign?' }).click();
    for (const p of all) await p.waitForSelector('.status .result', WAIT);
    for (const [p, who] of [[white.page, 'White'], [black.page, 'Black'], [spectator.page, 'spectator']]) await audit(p, `game over (${who})`, findings);

    // The analysis board: a position of one's own, and the finished game with its computer analysis done.
    await fakeAnalysis(white.page);
    await white.page.goto(`${real.server.url}/analysis`);
    await white.page.waitForSelector('.engine-line', WAIT);
    await audit(white.page, 'analysis board', findings);
    await white.page.goto(`${real.server.url}/analysis?game=${id}`);
    await white.page.getByRole('button', { name: 'Request computer analysis' }).click(WAIT);
    await white.page.waitForSelector('.computer-analysis[data-status="done"]', { timeout: 120_000 });
    await audit(white.page, 'analysis of a finished game', findings);

    // The profiles: one's own (the grade's form) and another's.
    await white.page.goto(`${real.server.url}/@/${users.white}`);
    await white.page.waitForSelector('tr.archived-game', WAIT);
    await audit(white.page, 'own profile', findings);
    await white.page.goto(`${real.server.url}/@/${users.black}`);
    await white.page.waitForSelector('tr.archived-game', WAIT);
    await audit(white.page, "another's profile", findings);

    // The club events: the list with its form, an event with the organiser's controls and a round paired, its projector view.
    const base = real.server.url;
    const post = (path, data) => white.context.request.post(`${base}${path}`, { data, headers: { origin: base } });
    const made = await (await post('/api/tournaments', { name: `Audit ${size}`, starts_ms: Date.now() + 86_400_000 })).json();
    for (const name of ['Ann Lee', 'Bob Ray', 'Cy Dunn']) await post(`/api/tournaments/${made.id}/players`, { name, grade: 120 });
    await post(`/api/tournaments/${made.id}/rounds`, { round: 1 });
    await white.page.goto(`${base}/tournaments`);
    await white.page.waitForSelector('form.new-event-form', WAIT);
    await audit(white.page, 'club events', findings);
    await white.page.goto(`${base}/tournament/${made.id}`);
    await white.page.waitForSelector('section.round .boards select', WAIT);
    await audit(white.page, 'club event (organiser)', findings);
    await white.page.goto(`${base}/tournament/${made.id}?view=projector`);
    await white.page.waitForSelector('.projector .boards', WAIT);
    await audit(white.page, 'club event (projector)', findings);

    // The arenas: the list with its form, an arena being played with its standing and a game in it.
    const arena = await (await post('/api/tournament', { name: `Audit ${size}`, clockTime: 3, clockIncrement: 2, minutes: 30, waitMinutes: 0 })).json();
    await post(`/api/tournament/${arena.id}/join`, {});
    await black.context.request.post(`${base}/api/tournament/${arena.id}/join`, { data: {}, headers: { origin: base } });
    await white.page.goto(`${base}/arenas`);
    await white.page.waitForSelector('form.new-arena-form', WAIT);
    await audit(white.page, 'arenas', findings);
    await white.page.goto(`${base}/arena/${arena.id}`);
    await white.page.waitForSelector('.standing-table', WAIT);
    await audit(white.page, 'arena', findings);

    // The rules: the index and each variant's page with its diagrams and examples.
    await visitor.page.goto(`${real.server.url}/rules/index`);
    await audit(visitor.page, 'rules index', findings);
    const variants = (await (await fetch(`${real.server.api}/api/variants`)).json()).map(v => v.id);
    for (const v of variants) {
      await visitor.page.goto(`${real.server.url}/rules/${v}`);
      await visitor.page.waitForSelector('figure .board cg-board piece', WAIT);
      await audit(visitor.page, `rules of ${v}`, findings);
    }
    for (const g of [visitor, white, black, spectator]) await g.done();

    // An unknown game (the server's 404 page, or the game page told so by the API) and an unknown user's profile.
    const lost = await plainPage(viewport);
    await lost.page.goto(`${real.server.url}/game/no-such-game`);
    await lost.page.waitForSelector('.no-such-game', WAIT);
    await audit(lost.page, 'unknown game', findings);
    await lost.page.goto(`${real.server.url}/@/nobody_here`);
    await lost.page.waitForLoadState('networkidle');
    await audit(lost.page, 'unknown profile', findings);
    assert.deepEqual(lost.errors, [], 'no page errors');
    await lost.close();

    assert.deepEqual(findings, [], 'every control has a name');
  });

  test(`every fixture of the harness at ${size} size: no control without a name, every board named`, async () => {
    const findings = [];
    const names = readdirSync(join(webDir, 'fixtures'))
      .filter(f => f.endsWith('.json'))
      .map(f => f.replace(/\.json$/, ''));
    for (const name of names) {
      const h = await openFixture(real.browser, harness, name, { viewport });
      await audit(h.page, `fixture ${name}`, findings);
      for (const [role, label] of await boardsOf(h.page)) {
        if (role !== 'region' || !/^.*\S.*, (White|Black) at the bottom$/.test(label) || label.startsWith('Board,')) findings.push(`fixture ${name}: a board is ${role} "${label}"`);
      }
      await h.close();
    }
    assert.deepEqual(findings, [], 'every control has a name');
  });
}

for (const [size, viewport] of SIZES) {
  test(`decisions by the keyboard alone at ${size} size: Rejection's Reject and Accept, Circe's rebirth square, Beirut's carrier`, async () => {
    const press = async (page, locator) => {
      await tabTo(page, locator);
      await page.keyboard.press('Enter');
    };

    const rej = await real.newGame('rejection', { viewport });
    let both = [rej.white.page, rej.black.page];
    await typeAction(rej.white, 'e4', both);
    let ply = await plyOf(rej.black.page);
    await press(rej.black.page, rej.black.page.getByRole('button', { name: 'Reject', exact: true }));
    await settledPast(both, ply);
    await typeAction(rej.white, 'd4', both);
    await typeAction(rej.black, 'd5', both);
    ply = await plyOf(rej.white.page);
    await press(rej.white.page, rej.white.page.getByRole('button', { name: 'Accept', exact: true }));
    await settledPast(both, ply);
    for (const p of both) assert.deepEqual(await p.locator('.moves .move').allInnerTexts(), ['e4', 'd4', 'd5'], 'e4 rejected, d4 and d5 stand');
    await rej.white.done();
    await rej.black.done();

    const circe = await real.newGame('circe', { viewport });
    both = [circe.white.page, circe.black.page];
    await typeAction(circe.white, 'e4', both);
    await typeAction(circe.black, 'd5', both);
    await circe.white.page.fill('.keyboard input', 'e4d5');
    await circe.white.page.press('.keyboard input', 'Enter');
    const a4 = circe.white.page.getByRole('button', { name: 'Reborn on a4', exact: true });
    await a4.waitFor(WAIT);
    ply = await plyOf(circe.white.page);
    await press(circe.white.page, a4);
    await settledPast(both, ply);
    for (const p of both) assert.equal(await p.locator('.sq[data-square="a4"]').getAttribute('data-piece'), 'black pawn');
    assert.match(await announced(circe.black.page), /^White plays exd5.*reborn on a4/, 'the rebirth is announced');
    await circe.white.done();
    await circe.black.done();

    // Beirut: White picks the knight on g1 in the list of carriers and arms it; Black types b8 in the move box.
    const beirut = await real.newGame('beirut', { viewport });
    both = [beirut.white.page, beirut.black.page];
    const list = beirut.white.page.getByRole('combobox', { name: 'Or choose it from the list:' });
    await tabTo(beirut.white.page, list);
    for (let i = 0; i < 20 && (await list.inputValue()) !== 'carrier g1'; i++) await beirut.white.page.keyboard.press('ArrowDown');
    assert.equal(await list.inputValue(), 'carrier g1', 'the knight on g1 is chosen by the arrow keys');
    ply = await plyOf(beirut.white.page);
    await press(beirut.white.page, beirut.white.page.getByRole('button', { name: 'Arm the piece chosen in the list' }));
    await settledPast(both, ply);
    const box = beirut.black.page.getByRole('textbox', { name: 'Type a move' });
    await tabTo(beirut.black.page, box);
    ply = await plyOf(beirut.black.page);
    await beirut.black.page.keyboard.type('b8');
    await beirut.black.page.keyboard.press('Enter');
    await settledPast(both, ply);
    for (const [g, square] of [[beirut.white, 'g1'], [beirut.black, 'b8']]) {
      assert.deepEqual(await g.page.locator('.sq.carrier').evaluateAll(els => els.map(e => e.dataset.square)), [square], `the knight on ${square} carries the bomb`);
    }
    await beirut.white.done();
    await beirut.black.done();
  });
}
