// The rules pages: one static page per docs/rules/<variant>.md, made at build
// time as dist/rules/<variant>.html (served at /rules/<variant>), and an index
// dist/rules/index.html (served at /rules/index). Plain HTML with its own small style: no script.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownToHtml } from './markdown.mjs';

/** The variants that have a rules document, sorted (the build's output must not depend on the file system's order). */
export function rulesVariants(rulesDir) {
  return readdirSync(rulesDir).filter(f => f.endsWith('.md')).map(f => f.slice(0, -3)).sort();
}

const style = `
body { font-family: system-ui, sans-serif; color: #222; background: #faf8f4; margin: 0; line-height: 1.45; }
main { max-width: 48rem; margin: 0 auto; padding: 0.5rem 1rem 2rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; padding: 0.5rem 1rem; background: #e8e4dc; }
nav a { color: #1d4f80; }
pre { background: #eee; padding: 0.5rem; overflow-x: auto; }
code { font-family: ui-monospace, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
blockquote { border-left: 3px solid #bbb; margin: 0.5rem 0; padding-left: 0.8rem; color: #444; }
`.trim();

const escapeHtml = s => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: Chesslantis</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
<nav><a href="/">Lobby: play or watch</a><a href="/rules/index">All rules</a></nav>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Links between the documents become links between the pages; other relative links (to code) stay as text targets on the page's host. */
const rewriteLink = url => {
  const m = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/.exec(url);
  return m ? `/rules/${m[1]}${m[2] ?? ''}` : url;
};

/** [fileName, html] of every rules page and the index. */
export function rulesPages(rulesDir) {
  const names = rulesVariants(rulesDir);
  const pages = names.map(name => {
    const source = readFileSync(join(rulesDir, `${name}.md`), 'utf8');
    const title = /^#\s+(.*)$/m.exec(source)?.[1].replace(/[`*]/g, '') ?? name;
    return { name, title, html: page(title, markdownToHtml(source, rewriteLink)) };
  });
  const index = page(
    'Rules of the variants',
    `<h1>Rules of the variants</h1>\n<ul>${pages.map(p => `<li><a href="/rules/${p.name}">${escapeHtml(p.title)}</a></li>`).join('')}</ul>`,
  );
  return [...pages.map(p => [`rules/${p.name}.html`, p.html]), ['rules/index.html', index]];
}

/** The vite plugin: emits the pages into the bundle. */
export function rulesPagesPlugin(rulesDir) {
  return {
    name: 'chesslantis-rules-pages',
    buildStart() {
      for (const name of rulesVariants(rulesDir)) this.addWatchFile(join(rulesDir, `${name}.md`));
    },
    generateBundle() {
      for (const [fileName, source] of rulesPages(rulesDir)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
