// The rules pages' Markdown converter (build/markdown.mjs) and the pages made
// from web/rules (build/rules-pages.mjs): what each construct becomes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { markdownToHtml, inline } from '../build/markdown.mjs';
import { blocksOf, parseDiagram, parseExample, parseRulesDocument, rulesBlockHtml, rulesPages } from '../build/rules-pages.mjs';

test('inline: code, bold, italic, links; HTML in the text is escaped, also inside code', () => {
  assert.equal(inline('a `<b>` **bold** *it* [x](y.md) 3<4'), 'a <code>&lt;b&gt;</code> <strong>bold</strong> <em>it</em> <a href="y.md">x</a> 3&lt;4');
  assert.equal(inline('`a*b*c` and a*b'), '<code>a*b*c</code> and a*b', 'a star inside code or a word is no emphasis');
});

test('blocks: headings with ids, paragraphs joined, lists with wrapped lines, fenced code, quotes', () => {
  const html = markdownToHtml('# Title (`x`)\n\nOne\ntwo.\n\n- **A** first\n  continued\n- second\n\n1. one\n2. two\n\n```\nr<n\n```\n> quoted\n');
  assert.equal(html, [
    '<h1 id="title-x">Title (<code>x</code>)</h1>',
    '<p>One two.</p>',
    '<ul><li><strong>A</strong> first continued</li><li>second</li></ul>',
    '<ol><li>one</li><li>two</li></ol>',
    '<pre><code>r&lt;n</code></pre>',
    '<blockquote><p>quoted</p></blockquote>',
  ].join('\n'));
});

test('a fenced block of a language of our own becomes its own HTML; others stay code', () => {
  const block = (language, text) => (language === 'shout' ? `<p>${text.toUpperCase()}</p>` : undefined);
  assert.equal(markdownToHtml('```shout\nhi\n```\n```\nx\n```\n> ```shout\n> yo\n> ```\n', undefined, block), '<p>HI</p>\n<pre><code>x</code></pre>\n<blockquote><p>YO</p></blockquote>');
});

const shell = '<html><head><title>Rules</title></head><body><main id="rules"></main><script src="/assets/rules-x.js"></script></body></html>';

test('rules pages: one per web/rules/*.md in the shell, titled by its head, plus the index linking them all', () => {
  const rulesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'rules');
  const names = readdirSync(rulesDir).filter(f => f.endsWith('.md')).map(f => f.slice(0, -3)).sort();
  const pages = new Map(rulesPages(rulesDir, shell));
  assert.deepEqual([...pages.keys()].sort(), [...names.map(n => `rules/${n}.html`), 'rules/index.html'].sort());
  const circe = pages.get('rules/circe.html');
  assert.match(circe, /<title>Circe Chess \(Newport club rules\): Chesslantis<\/title>/);
  assert.match(circe, /<main id="rules" data-variant="circe" data-pieces="[^"]+">\n<h1 id="top">Circe Chess/);
  assert.match(circe, /<script src="\/assets\/rules-x.js"><\/script>/, 'the shell\'s script draws the diagrams');
  for (const n of names) assert.ok(pages.get('rules/index.html').includes(`href="/rules/${n}"`), n);
});

test('a rules document: its head, pieces with pictures, diagrams and examples as data with their words', () => {
  const source = [
    '---', 'variant: portal', 'title: Portal', 'pieces: K=king S=ship', '---',
    '```pieces', 'king ship', '```',
    '```piece', 'image: ship', 'name: Ship', 'letter: S', 'text: moves *two*.', '```',
    '```diagram', 'fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'caption: Kings', 'caption: alone.', 'arrows: e1-e2 e8-d8:red', 'dots: d1 f1:blue', 'mark: blast e2 e3', 'moves-of: e1', '```',
    '```example', 'title: A step', 'fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'caption: Start.', '---', 'play: white e1e2', 'fen: 4k3/8/8/8/8/8/4K3/8 b - - 1 1', 'caption: Up.', '```',
  ].join('\n');
  const doc = parseRulesDocument(source);
  assert.deepEqual([doc.variant, doc.title, doc.pieces], ['portal', 'Portal', { k: 'king', s: 'ship' }]);
  const [legend, piece, diagram, example] = blocksOf(source);
  assert.equal(legend.kind, 'pieces');
  assert.deepEqual([piece.kind, piece.image, piece.name], ['piece', 'ship', 'Ship']);
  assert.deepEqual(diagram, {
    kind: 'diagram', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', caption: 'Kings alone.', orientation: 'white',
    arrows: [{ from: 'e1', to: 'e2', brush: 'green' }, { from: 'e8', to: 'd8', brush: 'red' }],
    dots: [{ square: 'd1', brush: 'green' }, { square: 'f1', brush: 'blue' }], circles: [],
    marks: [{ kind: 'blast', squares: ['e2', 'e3'] }], movesOf: 'e1', plays: [],
  });
  assert.equal(example.title, 'A step');
  assert.deepEqual(example.steps.map(s => s.plays), [[], [{ seat: 'white', action: 'e1e2' }]]);
  const html = markdownToHtml(parseRulesDocument(source).body, undefined, (language, text) => rulesBlockHtml(language, text));
  assert.match(html, /<img src="\/pieces\/white-ship.svg" alt="White Ship"/);
  assert.match(html, /<figure class="diagram" data-diagram="\{&quot;fen&quot;/);
  assert.match(html, /<figcaption>Kings alone.<\/figcaption>/, 'a diagram\'s words are on the page before any script runs');
  assert.match(html, /<ol class="example-steps"><li>Start.<\/li><li>Up.<\/li><\/ol>/);
});

test('a rules document with a mistake is refused at build time with what is wrong', () => {
  assert.throws(() => parseRulesDocument('# no head'), /head between two --- lines/);
  assert.throws(() => parseDiagram('fen: 8/8/8/8/8/8/8/8 w - - 0 1'), /caption in words/);
  assert.throws(() => parseExample('title: T\nfen: x\ncaption: c'), /at least one step/);
  assert.throws(() => parseExample('title: T\nfen: x\ncaption: c\n---\nfen: y\ncaption: d'), /says what is played/);
  assert.throws(() => parseDiagram('fen: x\ncaption: c\nplay: white'), /<white\|black\|chance> <action>/);
});
