// Building the pages' elements by hand (no framework): one helper.

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
