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

/**
 * A titled section listing `items`, a row each with the cells `cells`
 * gives (named by their columns for narrow screens), or the `empty` words.
 */
export function listSection<T extends { id: string }>(
  sectionClass: string,
  title: string,
  columns: readonly string[],
  items: T[],
  empty: string,
  rowClass: string,
  cells: (item: T) => (string | Node)[],
): HTMLElement {
  const section = el('section', sectionClass);
  section.append(el('h2', undefined, title));
  if (!items.length) {
    section.append(el('p', undefined, empty));
    return section;
  }
  const table = el('table', 'list-table');
  const head = el('tr');
  for (const c of columns) head.append(el('th', undefined, c));
  table.append(el('thead'), el('tbody'));
  table.tHead!.append(head);
  table.tBodies[0].append(
    ...items.map(item => {
      const row = el('tr', rowClass);
      row.dataset.id = item.id;
      for (const c of cells(item)) {
        const td = el('td');
        td.append(c);
        row.append(td);
      }
      return labelCells(row, columns);
    }),
  );
  section.append(table);
  return section;
}

/** Names each cell of a table row by its column's heading (`data-label`): a narrow screen shows a row as a card of named cells. */
export function labelCells(row: HTMLTableRowElement, headings: readonly string[]): HTMLTableRowElement {
  [...row.cells].forEach((cell, i) => {
    if (headings[i]) cell.dataset.label = headings[i];
  });
  return row;
}
