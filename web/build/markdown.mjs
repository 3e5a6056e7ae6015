// A small Markdown converter for the rules pages (docs/rules/*.md): headings,
// paragraphs, bullet and numbered lists (with wrapped lines), fenced code
// blocks, block quotes, `code`, **bold**, *italic* and [links](url). It is
// ours rather than a package's so that the build depends on nothing more and
// its output never changes under us (web/dist is committed).

const escapeHtml = s => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline markup of one block's text (already joined into one line). */
export function inline(text, link = url => url) {
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, url) => `<a href="${link(url)}">${label}</a>`)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?![*\w])/g, '$1<em>$2</em>');
    })
    .join('');
}

const listItem = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

/**
 * The HTML of a Markdown document. `link` rewrites link targets (a rules
 * page's neighbours); `block(language, text)` may turn a fenced block of a
 * language into HTML of its own (undefined: the usual code block).
 */
export function markdownToHtml(source, link, block = () => undefined) {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out = [];
  let i = 0;
  const para = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '), link)}</p>`);
    para.length = 0;
  };
  while (i < lines.length) {
    const line = lines[i];
    const fence = /^\s*```/.exec(line);
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const item = listItem.exec(line);
    if (fence) {
      flush();
      const code = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i]);
      i++;
      out.push(block(line.trim().slice(3).trim(), code.join('\n')) ?? `<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (heading) {
      flush();
      const level = heading[1].length;
      const id = heading[2].toLowerCase().replace(/[`*]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      out.push(`<h${level} id="${id}">${inline(heading[2], link)}</h${level}>`);
      i++;
    } else if (/^\s*>/.test(line)) {
      flush();
      const quote = [];
      for (; i < lines.length && /^\s*>/.test(lines[i]); i++) quote.push(lines[i].replace(/^\s*>\s?/, ''));
      out.push(`<blockquote>${markdownToHtml(quote.join('\n'), link, block)}</blockquote>`);
    } else if (item) {
      flush();
      const ordered = /\d/.test(item[2]);
      const items = [];
      while (i < lines.length) {
        const m = listItem.exec(lines[i]);
        if (m) {
          items.push([m[3]]);
          i++;
        } else if (items.length && /^\s+\S/.test(lines[i])) {
          items.at(-1).push(lines[i].trim());
          i++;
        } else break;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map(t => `<li>${inline(t.join(' '), link)}</li>`).join('')}</${tag}>`);
    } else if (line.trim() === '') {
      flush();
      i++;
    } else {
      para.push(line.trim());
      i++;
    }
  }
  flush();
  return out.join('\n');
}
