// The rules pages' positions are real positions of their variants: the
// referee of the real binary (`chesslantis referee`) accepts every diagram's
// FEN; every step of a worked example is legal and leads to the next
// diagram's position (placement and side to move); and where a diagram says
// whose moves its dots are (`moves-of`), the dots are exactly that piece's
// legal destinations.
//
// The binary: $CHESSLANTIS_BIN, else target/debug/chesslantis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blocksOf, parseRulesDocument, rulesVariants } from '../build/rules-pages.mjs';
import { placementAndSide, startReferee, truePosition } from './referee.mjs';
import { webDir } from './harness-page.mjs';

const binary = process.env.CHESSLANTIS_BIN ?? join(webDir, '..', 'target', 'debug', 'chesslantis');
const rulesDir = join(webDir, 'rules');

const documents = rulesVariants(rulesDir).map(name => {
  const source = readFileSync(join(rulesDir, `${name}.md`), 'utf8');
  return { name, variant: parseRulesDocument(source).variant, blocks: blocksOf(source) };
});

/** The destinations of the legal moves from `square` of whichever side may move it. */
function destinations(views, square) {
  const legal = ['white', 'black'].flatMap(s => views[s].legal ?? []);
  return [...new Set(legal.filter(l => l.from === square && l.to).map(l => l.to))].sort();
}

for (const { name, variant, blocks } of documents) {
  test(`${name}: every diagram is a position of ${variant}, its dots the moves it says`, async () => {
    const diagrams = blocks.filter(b => b.kind === 'diagram');
    assert.ok(diagrams.length + blocks.filter(b => b.kind === 'example').length > 0, 'the page has diagrams');
    for (const d of diagrams) {
      const referee = await startReferee(binary, variant, d.fen);
      try {
        assert.equal(truePosition(referee.start.views), placementAndSide(d.fen), `the referee reads ${d.fen} as written`);
        if (d.movesOf) {
          assert.deepEqual(d.dots.map(x => x.square).sort(), destinations(referee.start.views, d.movesOf), `the dots of "${d.caption}" are the moves of ${d.movesOf}`);
        }
      } finally {
        await referee.close();
      }
    }
  });

  test(`${name}: each worked example is played move by move by the referee`, async () => {
    const examples = blocks.filter(b => b.kind === 'example');
    assert.ok(examples.length > 0, 'the page has a worked example');
    for (const e of examples) {
      const referee = await startReferee(binary, variant, e.steps[0].fen);
      try {
        assert.equal(truePosition(referee.start.views), placementAndSide(e.steps[0].fen), `"${e.title}" starts where it says`);
        const first = e.steps[0];
        if (first.movesOf) assert.deepEqual(first.dots.map(x => x.square).sort(), destinations(referee.start.views, first.movesOf), `"${e.title}" step 1: the dots are the moves of ${first.movesOf}`);
        for (const [i, step] of e.steps.entries()) {
          if (i === 0) continue;
          let views = null;
          for (const { seat, action } of step.plays) {
            const answer = await referee.act(seat, action);
            assert.ok(answer.ok, `"${e.title}" step ${i + 1}: ${seat} ${action} is refused: ${JSON.stringify(answer.error)}`);
            views = answer.views;
          }
          assert.equal(truePosition(views), placementAndSide(step.fen), `"${e.title}" step ${i + 1} leads to its diagram`);
          if (step.movesOf) assert.deepEqual(step.dots.map(x => x.square).sort(), destinations(views, step.movesOf), `"${e.title}" step ${i + 1}: the dots are the moves of ${step.movesOf}`);
        }
      } finally {
        await referee.close();
      }
    }
  });
}
