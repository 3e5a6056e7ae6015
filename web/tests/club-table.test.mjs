// Boards over the board in the browser on the real server, at a desktop and
// a phone size: a player rolls their Bermuda board's dice (committed to at
// the pairing) and seals their Beirut carrier, which the opponent's page
// does not name until it is revealed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SIZES } from './harness-page.mjs';
import { WAIT, realServerForFile, signedUp } from './real-server.mjs';

const real = realServerForFile();
const user = signedUp(real, 'otb');
const fitsSideways = page => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [label, viewer] of SIZES) {
  test(`over the board (${label}): a player rolls the board's dice and seals a Beirut carrier the opponent cannot see`, async () => {
    const url = real.server.url;
    const organiser = await user(viewer);
    const post = (who, path, data = {}) => who.context.request.post(`${url}${path}`, { data, headers: { origin: url } });
    const made = {};
    for (const variant of ['bermuda-angle', 'beirut']) {
      const r = await post(organiser, '/api/tournaments', { name: `OTB ${variant} ${label}`, starts_ms: 0, rounds: 1, variants: [variant] });
      assert.equal(r.status(), 201, await r.text());
      made[variant] = (await r.json()).id;
    }
    const players = [await user(viewer, 170), await user(viewer, 150)];
    for (const id of Object.values(made)) {
      for (const p of players) assert.equal((await post(p, `/api/tournaments/${id}/join`)).status(), 200);
      assert.equal((await post(organiser, `/api/tournaments/${id}/rounds`, { round: 1 })).status(), 200);
    }
    const [a, b] = players;
    await a.page.goto(`${url}/tournament/${made['bermuda-angle']}`);
    await a.page.waitForSelector('.table-dice', WAIT);
    assert.match(await a.page.locator('.table-dice').innerText(), /Dice for your board: none yet\. The server committed to them before the first roll \([0-9a-f]{12}…\)/);
    await a.page.getByRole('button', { name: 'Roll the dice' }).click();
    await a.page.waitForFunction(() => /Dice for your board: 1\. [c-h][3-8]\b/.test(document.querySelector('.table-dice')?.textContent ?? ''), null, WAIT);

    await a.page.goto(`${url}/tournament/${made.beirut}`);
    await a.page.waitForSelector('form.seal', WAIT);
    const choices = await a.page.locator('select[name="seal"] option').allInnerTexts();
    assert.equal(choices.length, 15, `every piece but the king: ${choices}`);
    await a.page.selectOption('select[name="seal"]', choices[4]);
    await a.page.getByRole('button', { name: 'Seal it' }).click();
    await a.page.waitForSelector('p.sealed', WAIT);
    assert.match(await a.page.locator('p.sealed').innerText(), new RegExp(`Your sealed ${choices[4]} \\(commitment [0-9a-f]{12}…\\): only you see it`));
    await b.page.goto(`${url}/tournament/${made.beirut}`);
    await b.page.waitForSelector('p.sealed', WAIT);
    assert.match(await b.page.locator('p.sealed').innerText(), /Your opponent has sealed their decision \(commitment [0-9a-f]{12}…\)/);
    const square = choices[4].split(' ').pop();
    assert.ok(!(await b.page.locator('body').innerText()).includes(`carrier ${square}`), "the opponent's page does not name the carrier");
    await a.page.getByRole('button', { name: 'Reveal it to everyone' }).click();
    await a.page.waitForFunction(() => /shown to everyone/.test(document.querySelector('p.sealed')?.textContent ?? ''), null, WAIT);
    await b.page.reload();
    await b.page.waitForSelector('p.sealed', WAIT);
    assert.match(await b.page.locator('p.sealed').innerText(), new RegExp(`Your opponent's sealed ${choices[4]}\\.`));
    assert.ok(await fitsSideways(a.page), 'the event page fits the screen');
    for (const p of [...players, organiser]) await p.done();
  });
}
