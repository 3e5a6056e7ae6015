// The rules pages' Markdown converter (build/markdown.mjs) and the pages made
// from docs/rules (build/rules-pages.mjs): what each construct becomes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { markdownToHtml, inline } from '../build/markdown.mjs';
import { rulesPages } from '../build/rules-pages.mjs';

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

test('rules pages: one per docs/rules/*.md, titled by its heading, plus the index linking them all', () => {
  const rulesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'rules');
  const names = readdirSync(rulesDir).filter(f => f.endsWith('.md')).map(f => f.slice(0, -3)).sort();
  const pages = new Map(rulesPages(rulesDir));
  assert.deepEqual([...pages.keys()].sort(), [...names.map(n => `rules/${n}.html`), 'rules/index.html'].sort());
  assert.match(pages.get('rules/circe.html'), /<title>Circe Chess, Newport club rules \(circe\): Chesslantis<\/title>/);
  for (const n of names) assert.ok(pages.get('rules/index.html').includes(`href="/rules/${n}"`), n);
});
