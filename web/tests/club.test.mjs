// Club events in the browser on the real server, at a desktop and a phone
// size: an organiser makes an event from the form, enters players, a player
// joins with their account, the organiser pairs round 1 and enters the
// results; the player's page says where they play and with what clock; the
// standings and the crosstable follow; the projector view shows the round
// in large text; no page scrolls sideways on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SIZES, shotsDir } from './harness-page.mjs';
import { WAIT, realServerForFile, signedUp } from './real-server.mjs';

const real = realServerForFile();

const user = signedUp(real, 'club');

const fitsSideways = page => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [label, viewport] of SIZES) {
  test(`a club evening from the pages (${label}): made, entered, joined, paired, results in, standings and projector`, async () => {
    const url = real.server.url;
    const organiser = await user(viewport);
    const page = organiser.page;
    await page.goto(`${url}/`);
    await page.getByRole('link', { name: 'Club events' }).click();
    await page.waitForURL(/\/tournaments$/, WAIT);
    await page.fill('input[name="name"]', `Newport evening ${label}`);
    await page.fill('input[name="place"]', 'Newport');
    await page.fill('input[name="starts"]', '2030-01-10T19:30');
    await page.fill('input[name="rounds"]', '3');
    assert.equal(await page.locator('.round-variants select').count(), 3, 'a variant for each round');
    assert.equal(await page.locator('select[name="variant-2"]').inputValue(), 'circe', "the club's order by default");
    await page.getByRole('button', { name: 'Make the event' }).click();
    await page.waitForURL(/\/tournament\/[^/]+$/, WAIT);
    const eventUrl = page.url();

    for (const [name, grade] of [['Ann Lee', '185'], ['Bob Ray', '150'], ['Cy Dunn', ''], ['Di Fox', '95']]) {
      await page.fill('input[name="player-name"]', name);
      await page.fill('input[name="player-grade"]', grade);
      await page.getByRole('button', { name: 'Enter the player' }).click();
      await page.waitForFunction(n => document.querySelector('.club-status')?.textContent?.startsWith(n), name, WAIT);
    }
    const clocks = await page.locator('.entrants-table tbody tr').evaluateAll(rows => rows.map(r => [r.cells[1].textContent, r.cells[3].textContent]));
    assert.deepEqual(clocks, [['Ann Lee', '5 min'], ['Bob Ray', '7 min'], ['Di Fox', '10 min'], ['Cy Dunn', '10 min']], 'seeded by grade, ungraded last, each with the clock of the grade');

    const player = await user(viewport, 160);
    await player.page.goto(eventUrl);
    await player.page.getByRole('button', { name: 'Join this event' }).click();
    await player.page.waitForSelector('.your-game h2', WAIT);
    assert.match(await player.page.locator('.your-game').innerText(), /Round 1 is not paired yet\. Your clock: 7 min/);

    await page.reload();
    await page.getByRole('button', { name: /^Pair round 1 \(Rejection/ }).click();
    await page.waitForSelector('section.round[data-round="1"] .boards', WAIT);
    assert.equal(await page.locator('section.round[data-round="1"] .boards tbody tr').count(), 2, 'five players: two boards');
    assert.match(await page.locator('section.round[data-round="1"] .byes').innerText(), /bye \(1(\.0)?\)/);
    const sheetHref = await page.getByRole('link', { name: 'Pairings sheet' }).getAttribute('href');
    const sheet = await page.context().request.get(`${url}${sheetHref}`);
    assert.match(await sheet.text(), /<h1>Newport evening .* - round 1 - rejection<\/h1>/, 'the pairings sheet to print');

    await player.page.reload();
    await player.page.waitForSelector('.your-game', WAIT);
    const mine = await player.page.locator('.your-game').innerText();
    assert.match(mine, /Round 1 \(Rejection Chess\), board \d: you play (White|Black) against .*Your clock: 7 min|Round 1: bye/, mine);
    assert.ok(await fitsSideways(player.page), 'the event page fits the screen');

    for (const [board, result] of [[1, '1-0'], [2, '1/2']]) {
      await page.selectOption(`select[name="result-1-${board}"]`, result);
      await page.getByRole('button', { name: `Save the result of board ${board}` }).click();
      await page.waitForFunction(b => document.querySelector('.club-status')?.textContent?.includes(`board ${b}`), board, WAIT);
    }
    await page.waitForSelector('button.pair-next', WAIT);
    const standings = await page.locator('.standings-table tbody tr').evaluateAll(rows => rows.map(r => Number(r.cells[2].textContent)));
    assert.deepEqual(standings, [1, 1, 0.5, 0.5, 0], 'a win and a bye, two draws, a loss');
    const cross = await page.locator('.cross-table tbody tr td:nth-child(2)').allInnerTexts();
    assert.ok(cross.some(c => /^\d+w1$/.test(c)) && cross.some(c => /^\d+b½$/.test(c)), `the crosstable: ${cross}`);
    assert.ok(await fitsSideways(page), 'the organiser page fits the screen');
    await page.screenshot({ path: join(shotsDir, `club-event-${label}.png`), fullPage: true });

    await page.goto(`${eventUrl}?view=projector`);
    await page.waitForSelector('.projector .standings-table', WAIT);
    const size = await page.locator('.projector').evaluate(e => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(size >= 30, `large text for the room: ${size}px`);

    await page.goto(`${url}/tournaments`);
    await page.waitForSelector(`tr.event a[href="${new URL(eventUrl).pathname}"]`, WAIT);
    assert.ok(await fitsSideways(page), 'the list fits the screen');
    await player.done();
    await organiser.done();
  });
}

for (const [label, viewport] of SIZES) {
  test(`an online club evening (${label}): made online from the form, a watching player is taken to the game the pairing starts`, async () => {
    const url = real.server.url;
    const organiser = await user(viewport);
    const page = organiser.page;
    await page.goto(`${url}/tournaments`);
    await page.fill('input[name="name"]', `Online evening ${label}`);
    await page.fill('input[name="starts"]', '2030-01-10T19:30');
    await page.fill('input[name="rounds"]', '2');
    await page.getByRole('checkbox', { name: /Played online here/ }).check();
    await page.getByRole('button', { name: 'Make the event' }).click();
    await page.waitForURL(/\/tournament\/[^/]+$/, WAIT);
    const eventUrl = page.url();
    assert.match(await page.locator('.club-meta').innerText(), /played online: the server pairs each round when its last game ends/);

    const players = [await user(viewport, 170), await user(viewport, 150)];
    for (const p of players) {
      await p.page.goto(eventUrl);
      await p.page.getByRole('button', { name: 'Join this event' }).click();
      await p.page.waitForSelector('.your-game h2', WAIT);
    }
    await page.reload();
    await page.getByRole('button', { name: /^Pair round 1/ }).click();
    // The players were watching the event page: each is taken to the game that starts.
    for (const p of players) await p.page.waitForURL(/\/game\/[^/]+$/, WAIT);
    assert.equal(players[0].page.url(), players[1].page.url(), 'the two players of the board in one game');
    assert.ok(await fitsSideways(page), 'the organiser page fits the screen');
    for (const p of players) await p.done();
    await organiser.done();
  });
}
