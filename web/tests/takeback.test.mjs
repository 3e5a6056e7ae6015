// Takebacks and rating changes on the real server (two guests through the
// lobby, desktop and phone): Black proposes to take back 1...e5, White
// accepts, both pages say so and the move is gone from the board and the
// list; after a rated game each player's row shows what it did to the
// rating ("1500 +162"), and the lobby's header shows the player's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, shotsDir } from './harness-page.mjs';
import { WAIT, pieceOn, plyOf, settledPast, realServerForFile, typeAction } from './real-server.mjs';

const real = realServerForFile();

const movesListed = page => page.locator('ol.moves button.move').allInnerTexts();

for (const [label, viewport] of SIZES) {
  test(`a takeback proposed and accepted (chess, ${label}): 1...e5 is gone from both pages, which say so`, async () => {
    const { white, black } = await real.newGame('chess', { viewport });
    const both = [white.page, black.page];
    assert.equal(await white.page.locator('.takeback button').count(), 0, 'nothing to take back before a move');
    await typeAction(white, 'e4', both);
    await typeAction(black, 'e5', both);

    const propose = black.page.getByRole('button', { name: 'Propose a takeback' });
    await propose.scrollIntoViewIfNeeded();
    const ply = await plyOf(white.page);
    await propose.click();
    await settledPast(both, ply);
    await white.page.getByText('Black proposes to take back 1...e5.').waitFor(WAIT);
    await black.page.getByText("You propose to take back 1...e5: waiting for White's answer.").waitFor(WAIT);
    assert.equal(await black.page.getByRole('button', { name: 'Accept' }).count(), 0, 'the proposer does not answer');
    await white.page.screenshot({ path: join(shotsDir, `takeback-proposed-${label}.png`), fullPage: true });

    const accept = white.page.getByRole('button', { name: 'Accept' });
    await accept.scrollIntoViewIfNeeded();
    const proposed = await plyOf(white.page);
    await accept.click();
    await settledPast(both, proposed);
    for (const page of both) {
      await page.locator('.takeback-news', { hasText: 'Black took back 1...e5.' }).waitFor(WAIT);
      assert.deepEqual(await movesListed(page), ['e4']);
      assert.equal(await pieceOn(page, 'e5'), null, 'the pawn left e5');
      assert.equal(await pieceOn(page, 'e7'), 'black pawn', 'and stands on e7 again');
    }
    // Black plays on from there.
    await typeAction(black, 'c5', both);
    for (const page of both) assert.deepEqual(await movesListed(page), ['e4', 'c5']);
    assert.equal(await white.page.locator('.takeback-news').count(), 0, 'the words go with the next move');
    await white.done();
    await black.done();
  });
}

test('after a rated game each row shows the rating change, and the lobby header the player\'s own rating', async () => {
  const stamp = Date.now().toString(36).slice(-6);
  const names = { white: `tw${stamp}`, black: `tb${stamp}` };
  const white = await real.guest();
  const black = await real.guest();
  const url = real.server.url;
  const post = (g, path, data) => g.context.request.post(`${url}${path}`, { data, headers: { origin: url } });
  for (const [g, name] of [[white, names.white], [black, names.black]]) {
    const r = await post(g, '/api/signup', { name, password: 'correct horse battery' });
    assert.equal(r.status(), 201, await r.text());
  }
  const created = await post(white, '/api/games', { variant: 'chess', rated: true, colour: 'white' });
  assert.equal(created.status(), 201, await created.text());
  const { id } = await created.json();
  assert.equal((await post(black, `/api/games/${id}/accept`, {})).status(), 200);
  for (const g of [white, black]) {
    await g.page.goto(`${url}/game/${id}`);
    await g.page.waitForSelector('.game[data-ply]', WAIT);
  }
  const both = [white.page, black.page];
  await typeAction(white, 'e4', both);
  await typeAction(black, 'e5', both);
  assert.equal(await white.page.locator('.takeback button').count(), 0, 'no takebacks in a rated game');
  const resigned = await post(white, `/api/games/${id}/actions`, { ply: await plyOf(white.page), action: 'resign' });
  assert.equal(resigned.status(), 200, await resigned.text());
  for (const page of both) {
    await page.locator('.player-rating.rating-change.down', { hasText: /^1500 −\d+$/ }).waitFor(WAIT);
    await page.locator('.player-rating.rating-change.up', { hasText: /^1500 \+\d+$/ }).waitFor(WAIT);
  }
  await white.page.screenshot({ path: join(shotsDir, 'rating-change.png') });
  const after = await (await white.context.request.get(`${url}/api/games/${id}`)).json();
  const shown = await white.page.locator('.player-rating.rating-change.down').innerText();
  assert.equal(shown, `1500 −${-after.rating_change.white.diff}`, 'the row says what the state says');

  await black.page.goto(`${url}/`);
  const header = black.page.locator('header.site .my-ratings');
  await header.waitFor(WAIT);
  await header.getByText(new RegExp(`Chess ${after.rating_change.black.after}\\?`)).waitFor(WAIT);
  await white.done();
  await black.done();
});
