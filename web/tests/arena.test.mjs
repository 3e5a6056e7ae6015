// Arenas in the browser on the real server, at a desktop and a phone size:
// a user makes an arena from the form (variant, clock, length, start now),
// joins it from its page, a second user joins it, the server pairs them and
// the page links to the game, which opens with the arena's variant; the
// standing shows both with their sheets; after a resignation the sheet
// shows the points; the list shows the arena; no page scrolls sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, shotsDir } from './harness-page.mjs';
import { WAIT, realServerForFile } from './real-server.mjs';

const real = realServerForFile();

let users = 0;
/** A new guest signed up as a user; its name. */
async function user(viewport) {
  const g = await real.guest({ viewport });
  const name = `arena${process.pid % 1000}x${++users}`;
  const url = real.server.url;
  const signup = await g.context.request.post(`${url}/api/signup`, { data: { name, password: 'correct horse battery' }, headers: { origin: url } });
  assert.equal(signup.status(), 201, await signup.text());
  return { ...g, name };
}

const fitsSideways = page => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [label, viewport] of SIZES) {
  test(`an arena from the pages (${label}): made, joined, paired, the game linked, the standing with sheets`, async () => {
    const url = real.server.url;
    const host = await user(viewport);
    const page = host.page;
    await page.goto(`${url}/`);
    await page.getByRole('link', { name: 'Arenas' }).click();
    await page.waitForURL(/\/arenas$/, WAIT);
    await page.fill('input[name="name"]', `Blitz ${label}`);
    await page.selectOption('select[name="variant"]', 'circe');
    await page.selectOption('select[name="clockTime"]', '5');
    await page.selectOption('select[name="clockIncrement"]', '3');
    await page.fill('input[name="minutes"]', '30');
    await page.selectOption('select[name="waitMinutes"]', '0');
    assert.ok(await fitsSideways(page), 'the list and form fit the screen');
    await page.getByRole('button', { name: 'Make the arena' }).click();
    await page.waitForURL(/\/arena\/[^/]+$/, WAIT);
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.waitForSelector('.arena-meta', WAIT);
    assert.match(await page.locator('.arena-meta').innerText(), /Circe.*5\+3 · 30 min · casual/);
    await page.getByRole('button', { name: 'Join the arena' }).click();
    await page.waitForSelector('.standing-table tbody tr', WAIT);

    const rival = await user(viewport);
    const joined = await rival.context.request.post(`${url}/api/tournament/${id}/join`, { data: {}, headers: { origin: url } });
    assert.equal(joined.status(), 200, await joined.text());
    const game = page.getByRole('link', { name: 'Play your game' });
    await game.waitFor(WAIT);
    const names = await page.locator('.standing-table tbody tr td:nth-child(2)').allInnerTexts();
    assert.deepEqual(names.map(n => n.trim()).sort(), [host.name, rival.name].sort(), 'both players in the standing');
    assert.equal(await page.locator('.duel-list li').count(), 1, 'one game in play');
    assert.ok(await fitsSideways(page), 'the arena page fits the screen');
    await page.screenshot({ path: join(shotsDir, `arena-${label}.png`), fullPage: true });

    const gameUrl = await game.getAttribute('href');
    const gameId = gameUrl.split('/').pop();
    await game.click();
    await page.waitForURL(/\/game\/[^/]+$/, WAIT);
    const state = await (await host.context.request.get(`${url}/api/games/${gameId}`)).json();
    assert.equal(state.variant, 'circe');
    assert.equal(state.clocks.increment_ms, 3000);

    // The rival resigns: the host's sheet shows the win's 2 points.
    const resigned = await rival.context.request.post(`${url}/api/games/${gameId}/actions`, { data: { ply: state.ply, action: 'resign' }, headers: { origin: url } });
    assert.equal(resigned.status(), 200, await resigned.text());
    await page.goto(`${url}/arena/${id}`);
    await page.waitForFunction(n => [...document.querySelectorAll('.standing-table tbody tr')].some(r => r.cells[1].textContent.includes(n) && r.cells[2].textContent === '2'), host.name, WAIT);
    assert.equal(await page.locator('.standing-table tbody tr').first().locator('td').nth(3).innerText(), '2', 'the winner leads with 2');

    await page.goto(`${url}/arenas`);
    await page.waitForSelector(`tr.arena a[href="/arena/${id}"]`, WAIT);
    assert.ok(await fitsSideways(page), 'the list fits the screen');
    await rival.done();
    await host.done();
  });
}
