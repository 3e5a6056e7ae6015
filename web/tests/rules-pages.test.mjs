// The rules pages for players (/rules/<variant>) on the real server, at a
// phone's size and a desktop's: each shows its pieces' pictures and at least
// one diagram drawn by the game's board, steps through its worked example
// with Next, Back and the arrow keys (the position changes), says every
// board's position in words for a screen reader, fits the screen without
// sideways scrolling, and says nothing meant for the developers (no code
// paths, rulings file, perft, machine paths or tests).
//
// The binary: $CHESSLANTIS_BIN, else target/debug/chesslantis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, shotsDir } from './harness-page.mjs';
import { realServerForFile, WAIT } from './real-server.mjs';

/** Words for the developers (docs/rules), never on a player's page. */
const FOR_DEVELOPERS = ['crates/', '.rs', 'RULINGS', 'perft', '/work/', 'tests/'];

const real = realServerForFile();

/** What each board of an example's diagram says in words (its position), joined. */
const positionWords = figure => figure.locator('.board').evaluateAll(bs => bs.map(b => b.getAttribute('aria-label')).join(' | '));
const stepOf = async figure => Number(await figure.getAttribute('data-step'));

test('every variant has a rules page for players, linked from the index', async () => {
  const variants = (await (await fetch(`${real.server.api}/api/variants`)).json()).map(v => v.id);
  const index = await (await fetch(`${real.server.url}/rules/index`)).text();
  for (const id of variants) assert.ok(index.includes(`href="/rules/${id}"`), `the index links ${id}`);
});

for (const [sizeName, viewport] of SIZES) {
  test(`rules pages at ${sizeName} size: pictures, diagrams, a worked example to step through, nothing for developers`, async () => {
    const variants = (await (await fetch(`${real.server.api}/api/variants`)).json()).map(v => v.id);
    const g = await real.guest({ viewport });
    for (const id of variants) {
      const url = `${real.server.url}/rules/${id}`;
      const served = await (await fetch(url)).text();
      for (const word of FOR_DEVELOPERS) assert.ok(!served.includes(word), `${id}: the page says "${word}"`);
      await g.page.goto(url);
      await g.page.waitForSelector('figure .board cg-board piece', WAIT);
      const text = await g.page.locator('main').innerText();
      for (const word of FOR_DEVELOPERS) assert.ok(!text.includes(word), `${id}: the page shows "${word}"`);

      // The pieces' pictures: the page's own images, loaded, and the boards' pieces drawn with them.
      const pictures = await g.page.locator('.piece-legend img, .piece-card img').evaluateAll(imgs => imgs.map(i => ({ src: i.getAttribute('src'), loaded: i.complete && i.naturalWidth > 0 })));
      assert.ok(pictures.length >= 2, `${id}: pictures of the pieces`);
      for (const p of pictures) assert.ok(p.loaded && /^\/pieces\/(white|black)-[a-z-]+\.svg$/.test(p.src), `${id}: ${JSON.stringify(p)}`);
      const drawn = await g.page.locator('figure cg-board piece').first().evaluate(p => getComputedStyle(p).backgroundImage);
      assert.match(drawn, /\/pieces\/(white|black)-[a-z-]+\.svg/, `${id}: the diagrams' pieces are the UI's pictures`);

      // Every board of every diagram is a picture with its position in words, and every diagram has its caption.
      const boards = await g.page.locator('figure .board').evaluateAll(bs => bs.map(b => [b.getAttribute('role'), b.getAttribute('aria-label') ?? '']));
      assert.ok(boards.length >= 1, `${id}: at least one diagram`);
      for (const [role, label] of boards) {
        assert.equal(role, 'img', `${id}: a board is a picture for a screen reader`);
        assert.match(label, /White: .*\. Black: .*\./, `${id}: a board says its position in words`);
      }
      for (const caption of await g.page.locator('figure.diagram > figcaption').allInnerTexts()) assert.ok(caption.trim().length > 20, `${id}: a diagram's caption says what it shows`);

      // The worked example: Next changes the position and the words, Back and the arrow keys step too.
      const example = g.page.locator('figure.example').first();
      await example.scrollIntoViewIfNeeded();
      assert.equal(await stepOf(example), 0);
      const start = await positionWords(example);
      const startWords = await example.locator('.step-words').innerText();
      assert.equal(await example.getByRole('button', { name: 'Back one step' }).isDisabled(), true, `${id}: no step before the first`);
      let moved = false;
      const steps = await example.evaluate(f => JSON.parse(f.dataset.example).steps.length);
      for (let i = 1; i < steps && !moved; i++) {
        await example.getByRole('button', { name: 'Next step' }).click();
        assert.equal(await stepOf(example), i);
        moved = (await positionWords(example)) !== start;
      }
      assert.ok(moved, `${id}: stepping through the example changes the position`);
      assert.notEqual(await example.locator('.step-words').innerText(), startWords, `${id}: each step has its own words`);
      // On to the last step: Next is disabled there, and the focus stays in the example, so the arrow keys go on.
      const next = example.getByRole('button', { name: 'Next step' });
      while (!(await next.isDisabled())) await next.click();
      assert.equal(await stepOf(example), steps - 1, `${id}: Next goes to the last step and no further`);
      await g.page.keyboard.press('ArrowLeft');
      assert.equal(await stepOf(example), steps - 2, `${id}: the left arrow key steps back`);
      await example.getByRole('button', { name: 'Next step' }).click();
      await example.getByRole('button', { name: 'Back one step' }).click();
      assert.equal(await stepOf(example), steps - 2, `${id}: Back steps back`);
      for (let i = 0; i < steps; i++) await g.page.keyboard.press('ArrowLeft');
      assert.equal(await stepOf(example), 0, `${id}: back to the first step and no further`);
      assert.equal(await positionWords(example), start, `${id}: back at the start`);
      await g.page.keyboard.press('ArrowRight');
      assert.equal(await stepOf(example), 1, `${id}: the right arrow key steps on`);

      // The page and its diagrams fit the screen.
      const [scrolled, inner] = await g.page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
      assert.ok(scrolled <= inner, `${id} at ${sizeName}: the page is ${scrolled} px wide in ${inner}`);
      for (const box of await g.page.locator('figure .board-frame').evaluateAll(fs => fs.map(f => f.getBoundingClientRect().toJSON()))) {
        assert.ok(box.left >= 0 && box.right <= inner, `${id} at ${sizeName}: a diagram fits: ${JSON.stringify(box)}`);
      }
      await g.page.screenshot({ path: join(shotsDir, `rules-${id}-${sizeName}.png`), fullPage: true });
    }
    await g.done();
  });
}
