// Building the pages' elements by hand (no framework): a few helpers.

export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

/** A link. */
export const link = (href: string, text: string, className?: string): HTMLAnchorElement => {
  const a = el('a', className, text);
  a.href = href;
  return a;
};

/** Names each cell of a table row by its column's heading (`data-label`): a narrow screen shows a row as a card of named cells. */
export function labelCells(row: HTMLTableRowElement, headings: readonly string[]): HTMLTableRowElement {
  [...row.cells].forEach((cell, i) => {
    if (headings[i]) cell.dataset.label = headings[i];
  });
  return row;
}
