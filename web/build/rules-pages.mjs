// The rules pages for players: one page per web/rules/<variant>.md, made at
// build time as dist/rules/<variant>.html (served at /rules/<variant>), and an
// index dist/rules/index.html (served at /rules/index). Each page is the
// page shell web/rules.html (its script, src/rules-main.ts, draws the
// diagrams) with the document's HTML in its <main>.
//
// A rules document is Markdown after a short head:
//
//   ---
//   variant: portal            the variant's id (GET /api/variants)
//   title: Portal Chess
//   pieces: p=pawn n=knight    FEN letters of its pieces (default: chess's)
//   ---
//
// and fenced blocks of our own: `pieces` (a row of pieces' pictures and
// names: `king queen rook`, the images' names), and, each line `key: value`,
// `piece` (a piece's pictures, name and moves in words: image, name, letter,
// text), `diagram` (one position: fen, caption, arrows `d4-b5[:brush]`,
// dots `b5`, circles `e5[:brush]`, mark `<kind> <squares>` (a class of the
// board's squares: blast, carrier...), orientation `black` to turn the board
// round, and `moves-of` a square whose legal moves the dots are, which the
// tests check against the referee) and `example` (a worked example stepped
// through: a title, then steps separated by `---` lines, each a diagram whose
// `play: <seat> <action>` lines lead from the step before to its fen).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inline, markdownToHtml } from './markdown.mjs';

const escapeHtml = s => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The variants that have a rules document, sorted (the build's output must not depend on the file system's order). */
export function rulesVariants(rulesDir) {
  return readdirSync(rulesDir).filter(f => f.endsWith('.md')).map(f => f.slice(0, -3)).sort();
}

const CHESS_PIECES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/** A document's head (variant, title, pieces by FEN letter) and its Markdown body. */
export function parseRulesDocument(source) {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(source.replace(/\r\n?/g, '\n'));
  if (!m) throw new Error('a rules document starts with its head between two --- lines');
  const head = {};
  for (const [, k, v] of m[1].split('\n').map(l => /^(\w[\w-]*):\s*(.*)$/.exec(l)).filter(Boolean)) head[k] = v.trim();
  if (!head.variant || !head.title) throw new Error('a rules document names its variant and title');
  const pieces = head.pieces
    ? Object.fromEntries(head.pieces.split(/\s+/).map(p => p.split('=')).map(([letter, role]) => [letter.toLowerCase(), role]))
    : CHESS_PIECES;
  return { variant: head.variant, title: head.title, pieces, body: source.slice(m[0].length) };
}

/** `key: value` lines; keys that may repeat (`play`, `mark`) gather into lists. */
function fields(text) {
  const out = { play: [], mark: [] };
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const m = /^\s*([\w-]+):\s*(.*)$/.exec(line);
    if (!m) throw new Error(`not a "key: value" line: ${line}`);
    const [, key, value] = m;
    if (key === 'play' || key === 'mark') out[key].push(value.trim());
    else if (key === 'caption' && out.caption) out.caption += ` ${value.trim()}`;
    else out[key] = value.trim();
  }
  return out;
}

const list = text => (text ? text.split(/[\s,]+/).filter(Boolean) : []);
const withBrush = (item, brush) => {
  const [what, b] = item.split(':');
  return [what, b ?? brush];
};

/** One position as the page draws it (and the tests check it). */
export function parseDiagram(text) {
  const f = typeof text === 'string' ? fields(text) : text;
  if (!f.fen) throw new Error(`a diagram needs its fen: ${JSON.stringify(f)}`);
  if (!f.caption) throw new Error(`a diagram needs a caption in words: ${f.fen}`);
  return {
    fen: f.fen,
    caption: f.caption,
    orientation: f.orientation === 'black' ? 'black' : 'white',
    arrows: list(f.arrows).map(a => {
      const [squares, brush] = withBrush(a, 'green');
      const [from, to] = squares.split('-');
      return { from, to, brush };
    }),
    dots: list(f.dots).map(d => withBrush(d, 'green')).map(([square, brush]) => ({ square, brush })),
    circles: list(f.circles).map(d => withBrush(d, 'blue')).map(([square, brush]) => ({ square, brush })),
    marks: f.mark.map(m => {
      const [kind, ...squares] = m.split(/\s+/);
      return { kind, squares };
    }),
    movesOf: f['moves-of'] ?? null,
    plays: f.play.map(p => {
      const m = /^(white|black|chance)\s+(.+)$/.exec(p);
      if (!m) throw new Error(`a play line is "<white|black|chance> <action>": ${p}`);
      return { seat: m[1], action: m[2] };
    }),
  };
}

/** A worked example: its title and its steps, the first the position it starts from. */
export function parseExample(text) {
  const [first, ...rest] = text.split(/^---\s*$/m);
  const head = fields(first);
  const steps = [head, ...rest.map(fields)].map(parseDiagram);
  if (!head.title) throw new Error('an example needs a title');
  if (steps.length < 2) throw new Error(`the example "${head.title}" needs at least one step after its start`);
  if (steps[0].plays.length) throw new Error(`the example "${head.title}" starts from a position, with no play`);
  for (const s of steps.slice(1)) if (!s.plays.length) throw new Error(`a step of "${head.title}" says what is played`);
  return { title: head.title, steps };
}

/** Every diagram and example of a document, in order (for the tests). */
export function blocksOf(source) {
  const { body } = parseRulesDocument(source);
  const out = [];
  for (const m of body.matchAll(/^```(diagram|example|pieces|piece)\n([\s\S]*?)^```/gm)) {
    if (m[1] === 'diagram') out.push({ kind: 'diagram', ...parseDiagram(m[2]) });
    if (m[1] === 'example') out.push({ kind: 'example', ...parseExample(m[2]) });
    if (m[1] === 'piece') out.push({ kind: 'piece', ...fields(m[2]) });
    if (m[1] === 'pieces') out.push({ kind: 'pieces', images: list(m[2]) });
  }
  return out;
}

const attr = value => escapeHtml(JSON.stringify(value));

function pieceHtml(text) {
  const f = fields(text);
  if (!f.image || !f.name || !f.text) throw new Error(`a piece needs its image, name and text: ${text}`);
  const images = ['white', 'black']
    .map(c => `<img src="/pieces/${c}-${f.image}.svg" alt="${c === 'white' ? 'White' : 'Black'} ${escapeHtml(f.name)}" width="48" height="48">`)
    .join('');
  const letter = f.letter ? ` <span class="piece-letter">(${escapeHtml(f.letter)})</span>` : '';
  return `<div class="piece-card"><div class="piece-images">${images}</div><p><strong>${escapeHtml(f.name)}</strong>${letter}: ${inline(f.text)}</p></div>`;
}

/** The pictures and names of a list of pieces (`king queen ...`: the images' names). */
function legendHtml(text) {
  const items = list(text).map(image => {
    const name = image.charAt(0).toUpperCase() + image.slice(1).replace(/-/g, ' ');
    const images = ['white', 'black'].map(c => `<img src="/pieces/${c}-${image}.svg" alt="" width="40" height="40">`).join('');
    return `<li><span class="piece-images">${images}</span>${escapeHtml(name)}</li>`;
  });
  return `<ul class="piece-legend">${items.join('')}</ul>`;
}

/** A diagram before the script draws it: its caption is there for every reader. */
function diagramHtml(text) {
  const d = parseDiagram(text);
  return `<figure class="diagram" data-diagram="${attr(d)}"><div class="diagram-boards"></div><figcaption>${inline(d.caption)}</figcaption></figure>`;
}

/** An example before the script steps through it: every step's words, in order. */
function exampleHtml(text) {
  const e = parseExample(text);
  const steps = e.steps.map(s => `<li>${inline(s.caption)}</li>`).join('');
  return `<figure class="example" data-example="${attr(e)}"><figcaption class="example-title">${inline(e.title)}</figcaption><ol class="example-steps">${steps}</ol></figure>`;
}

const blocks = { piece: pieceHtml, pieces: legendHtml, diagram: diagramHtml, example: exampleHtml };

/** The HTML of one of our fenced blocks (undefined: not ours, an ordinary code block). */
export const rulesBlockHtml = (language, text) => blocks[language]?.(text);

/** Links between the documents become links between the pages. */
const rewriteLink = url => {
  const m = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/.exec(url);
  return m ? `/rules/${m[1]}${m[2] ?? ''}` : url;
};

/** A page: the shell with this title and this <main>. */
function fill(shell, title, mainAttrs, html) {
  const page = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}: Chesslantis</title>`)
    .replace(/<main id="rules"[^>]*><\/main>/, `<main id="rules"${mainAttrs}>\n${html}\n</main>`);
  if (page === shell) throw new Error('the rules shell needs a <title> and an empty <main id="rules">');
  return page;
}

/** [fileName, html] of every rules page and the index, in the page `shell`. */
export function rulesPages(rulesDir, shell) {
  const pages = rulesVariants(rulesDir).map(name => {
    const doc = parseRulesDocument(readFileSync(join(rulesDir, `${name}.md`), 'utf8'));
    if (doc.variant !== name) throw new Error(`${name}.md describes ${doc.variant}`);
    const html = markdownToHtml(doc.body, rewriteLink, rulesBlockHtml);
    const attrs = ` data-variant="${escapeHtml(doc.variant)}" data-pieces="${attr(doc.pieces)}"`;
    return { name, title: doc.title, html: fill(shell, doc.title, attrs, `<h1 id="top">${escapeHtml(doc.title)}</h1>\n${html}`) };
  });
  const index = fill(
    shell,
    'Rules of the variants',
    '',
    `<h1 id="rules-of-the-variants">Rules of the variants</h1>\n<ul>${pages.map(p => `<li><a href="/rules/${p.name}">${escapeHtml(p.title)}</a></li>`).join('')}</ul>`,
  );
  return [...pages.map(p => [`rules/${p.name}.html`, p.html]), ['rules/index.html', index]];
}

/**
 * The vite plugin: takes the built shell (rules.html, with its hashed
 * script and style) out of the bundle and emits the pages made from it.
 */
export function rulesPagesPlugin(rulesDir, shellName = 'rules.html') {
  return {
    name: 'chesslantis-rules-pages',
    enforce: 'post',
    buildStart() {
      for (const name of rulesVariants(rulesDir)) this.addWatchFile(join(rulesDir, `${name}.md`));
    },
    generateBundle(_, bundle) {
      const shell = bundle[shellName];
      if (!shell) throw new Error(`the build has no ${shellName}`);
      delete bundle[shellName];
      for (const [fileName, source] of rulesPages(rulesDir, String(shell.source))) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
