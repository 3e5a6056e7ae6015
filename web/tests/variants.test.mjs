// The variants' presentations (src/variants/<id>.ts) on the fixture harness:
// the registry holds one for every variant the server describes and one
// owner for each decision that is not a move, the shared game page names no
// variant, and the marks of what a piece can do now, which lichess and
// pychess players expect to see: the pieces holding the knight's power in
// Knights are God, what each Jester copies in Bede. Each at a desktop and a
// phone size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIZES, countOf, harnessForFile, openFixture, webDir } from './harness-page.mjs';

const harness = harnessForFile();
/** The harness with a fixture loaded, at a size. */
const open = (name, viewport) => openFixture(harness.browser, harness.server, name, viewport ? { viewport } : {});

/** The server's descriptors, as the harness serves them at /api/variants. */
const descriptors = JSON.parse(readFileSync(join(webDir, 'fixtures', 'api', 'variants.json'), 'utf8'));

const ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king', s: 'squire', c: 'chancellor', z: 'zebra', j: 'jester' };
const BEDE_ROLES = { ...ROLES, b: 'bede' };

/** The pieces of a FEN placement on a board of `files` x `ranks`. */
function pieces(placement, files, ranks, names = ROLES) {
  const out = [];
  placement.split('/').forEach((row, i) => {
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([a-zA-Z])/g)) {
      if (m[1]) {
        file += Number(m[1]);
        continue;
      }
      const ch = m[2];
      out.push({ square: `${String.fromCharCode(97 + file)}${ranks - i}`, color: ch === ch.toUpperCase() ? 'white' : 'black', role: names[ch.toLowerCase()], letter: ch });
      file += 1;
    }
    assert.equal(file, files, `rank ${ranks - i} of ${placement}`);
  });
  return out;
}

/** A view frame of one board, White to move unless `to_act` says. */
function viewFrame(variant, fen, { files = 8, ranks = 8, names = ROLES, to_act = 'white', last = null } = {}) {
  const view = {
    variant,
    boards: [{ name: null, files, ranks, pieces: pieces(fen.split(' ')[0], files, ranks, names) }],
    fen,
    to_act,
    pending: { kind: 'move' },
    legal: [],
    last,
    moves: [],
    knowledge: null,
    special_squares: null,
    outcome: null,
    reveal: null,
  };
  return { type: 'view', view, clocks: null };
}

const fixtureOf = (title, frame) => ({ title, viewer: 'white', messages: [frame] });

const marked = (page, kind) => page.locator(`.sq.${kind}`).evaluateAll(els => els.map(e => e.dataset.square).sort());
const titleOn = (page, square) => page.locator(`.sq[data-square="${square}"]`).getAttribute('title');
const badgeOn = (page, square) => page.locator(`.sq[data-square="${square}"]`).evaluate(e => e.style.getPropertyValue('--badge'));
const powerNotes = page => page.locator('.power-notes .power-note').allInnerTexts();

/** Whether the element lies within the viewport's width (a phone scrolls down, never sideways). */
const fitsWidth = (page, selector) => page.locator(selector).evaluate(e => e.getBoundingClientRect().right <= window.innerWidth + 0.5);

test('the registry presents every variant the server describes, each decision that is not a move has one owner, and game.ts names none of them', async () => {
  const s = await open('chess-start');
  const { ids, owners } = await s.page.evaluate(() => window.harness.registry());
  assert.deepEqual([...ids].sort(), descriptors.map(d => d.id).sort(), 'one presentation for each variant of GET /api/variants');
  const kinds = Object.keys(owners);
  for (const kind of ['answer_proposal', 'choose_carrier', 'choose_start', 'move_for_opponent', 'roll']) assert.ok(kinds.includes(kind), `${kind} has an owner`);
  for (const [kind, by] of Object.entries(owners)) assert.equal(by.length, 1, `${kind} is owned by ${by.join(', ')}`);

  const source = readFileSync(join(webDir, 'src', 'game.ts'), 'utf8');
  const escape = word => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A variant by its id or its names, anywhere (comments too); a pending kind as a string in the code.
  for (const word of [...ids, ...descriptors.flatMap(d => [d.name, d.short_name])]) {
    assert.doesNotMatch(source, new RegExp(`(?<![\\w-])${escape(word)}(?![\\w-])`, 'i'), `game.ts names “${word}”`);
  }
  for (const kind of kinds) assert.doesNotMatch(source, new RegExp(`['"\`]${escape(kind)}['"\`]`), `game.ts names the pending kind “${kind}”`);
  await s.close();
});

// White knights on e5 and b4 leap (3,1) onto each other's squares; the black knight on d4 reaches
// White's king on e1, which gives it nothing (only a friendly knight lends its power).
const KNIGHTS_BEFORE = 'k7/8/8/4N3/1N1n4/5Q2/8/4K3 w - - 0 1';
// The seed's example: the queen steps to f2, where the knight on e5 guards it, and moves as a knight too.
const KNIGHTS_AFTER = 'k7/8/8/4N3/1N1n4/8/5Q2/4K3 b - - 1 1';

for (const [label, viewport] of SIZES) {
  test(`knights are god: the pieces a friendly knight guards are marked with the knight's power, and follow each view (${label})`, async () => {
    const s = await open(fixtureOf('Knights are God: two knights and a queen', viewFrame('knights-are-god', KNIGHTS_BEFORE)), viewport);
    const { page } = s;
    assert.deepEqual(await marked(page, 'knight-power'), ['b4', 'e5'], 'each knight on the other one\'s leap; neither the queen on f3 nor the king a black knight reaches');
    assert.equal(await titleOn(page, 'b4'), "White's knight on b4 also moves as a (2,1) knight: the knight on e5 guards it");
    assert.match(await badgeOn(page, 'b4'), /white-knight\.svg/);
    assert.deepEqual(await powerNotes(page), ["White's pieces that also move as a (2,1) knight now: knight b4, knight e5."]);
    assert.ok(await fitsWidth(page, '.power-notes'));

    await s.push(viewFrame('knights-are-god', KNIGHTS_AFTER, { to_act: 'black', last: { seat: 'white', text: 'f3f2', san: 'Qf2', events: [] } }));
    assert.equal(await countOf(page, '.sq.knight-power', 3), 3);
    assert.deepEqual(await marked(page, 'knight-power'), ['b4', 'e5', 'f2']);
    assert.equal(await titleOn(page, 'f2'), "White's queen on f2 also moves as a (2,1) knight: the knight on e5 guards it");
    assert.equal(await page.locator('.sq[data-square="f3"]').getAttribute('title'), null, 'the mark left the square the queen left');
    assert.deepEqual(await powerNotes(page), ["White's pieces that also move as a (2,1) knight now: knight b4, knight e5, queen f2."]);
    await s.close();
  });

  test(`knights are god: at the start each side's knights lend their power to the pawns their leap reaches (${label})`, async () => {
    const s = await open('model-knights-are-god', viewport);
    assert.deepEqual(await marked(s.page, 'knight-power'), ['d2', 'd7', 'e2', 'e7']);
    assert.equal(await titleOn(s.page, 'e7'), "Black's pawn on e7 also moves as a (2,1) knight: the knight on b8 guards it");
    assert.match(await badgeOn(s.page, 'e7'), /black-knight\.svg/);
    assert.equal((await powerNotes(s.page)).length, 2);
    await s.close();
  });

  test(`bede: each Jester shows the piece it copies, or that it cannot move yet (${label})`, async () => {
    const s = await open('bede', viewport);
    const { page } = s;
    assert.deepEqual(await marked(page, 'jester-idle'), ['d11', 'f1'], 'before a move neither Jester can move');
    assert.deepEqual(await marked(page, 'jester-copies'), []);
    assert.deepEqual(await powerNotes(page), ["White's Jester cannot move yet: Black has not moved.", "Black's Jester cannot move yet: White has not moved."]);
    assert.ok(await fitsWidth(page, '.power-notes'));

    const bede = (placement, to_act, jesters, text) =>
      viewFrame('bede', `${placement} ${to_act[0]} - - 0 1 - ${jesters}`, { files: 9, ranks: 11, names: BEDE_ROLES, to_act, last: { seat: to_act === 'white' ? 'black' : 'white', text, san: text, events: [] } });
    // 1. e3d4: Black's Jester copies the pawn White moved, as a black pawn (a Bede pawn's image).
    await s.push(bede('bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/3P5/PPPP1PPPP/SSSSSSSSS/BBCQKJCZB', 'black', '-p', 'e3d4'));
    assert.equal(await countOf(page, '.sq.jester-copies', 1), 1);
    assert.deepEqual(await marked(page, 'jester-copies'), ['d11']);
    assert.deepEqual(await marked(page, 'jester-idle'), ['f1']);
    assert.equal(await titleOn(page, 'd11'), "Black's Jester moves as a pawn (White moved a pawn last).");
    assert.match(await badgeOn(page, 'd11'), /black-bede-pawn\.svg/);

    // 1... b11d8: White's Jester copies the zebra; Black's keeps the pawn until White moves again.
    await s.push(bede('b1cjkqcbb/sssssssss/ppppppppp/3z5/9/9/9/3P5/PPPP1PPPP/SSSSSSSSS/BBCQKJCZB', 'white', 'zp', 'b11d8'));
    assert.equal(await countOf(page, '.sq.jester-copies', 2), 2);
    assert.deepEqual(await marked(page, 'jester-idle'), []);
    assert.equal(await titleOn(page, 'f1'), "White's Jester moves as a zebra (Black moved a zebra last).");
    assert.match(await badgeOn(page, 'f1'), /white-zebra\.svg/);
    assert.deepEqual(await powerNotes(page), ["White's Jester moves as a zebra (Black moved a zebra last).", "Black's Jester moves as a pawn (White moved a pawn last)."]);

    // A Jester copying a king moves like one but never captures.
    await s.push(bede('b1cjkqcbb/sssssssss/ppppppppp/3z5/9/9/9/3P5/PPPP1PPPP/SSSSSSSSS/BBCQKJCZB', 'white', 'kp', 'e11e10'));
    assert.equal(await titleOn(page, 'f1'), "White's Jester moves as a king, but never captures (Black moved a king last).");
    await s.close();
  });
}

test('no power marks where the variant has none: chess draws no knight-power or jester mark', async () => {
  const s = await open('chess-start');
  assert.equal(await s.page.locator('.sq.knight-power, .sq.jester-copies, .sq.jester-idle').count(), 0);
  assert.equal(await s.page.locator('.power-notes').isHidden(), true);
  await s.close();
});
