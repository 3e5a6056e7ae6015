// What the analysis board starts from: a variant (the server's catalogue,
// as the lobby lists it) and its start position or a FEN typed in.

import { el } from './dom';
import { variantCatalog } from './variants';

export class SetupForm {
  readonly element = el('form', 'analysis-setup');
  private readonly variant = el('select');
  private readonly fen = el('input');

  constructor(variant: string, fen: string | null, onSetup: (variant: string, fen: string | null) => void) {
    this.element.setAttribute('aria-label', 'Position to analyse');
    this.variant.name = 'variant';
    this.fen.name = 'fen';
    this.fen.type = 'text';
    this.fen.autocomplete = 'off';
    this.fen.spellcheck = false;
    this.fen.placeholder = "FEN (empty: the variant's start)";
    this.fen.value = fen ?? '';
    const field = (label: string, control: HTMLElement) => {
      const l = el('label', 'setup-field', label);
      l.append(control);
      return l;
    };
    const submit = el('button', 'setup-board', 'Set up the board');
    submit.type = 'submit';
    this.element.append(field('Variant', this.variant), field('Position', this.fen), submit);
    this.element.addEventListener('submit', e => {
      e.preventDefault();
      onSetup(this.variant.value, this.fen.value.trim() || null);
    });
    void variantCatalog().then(catalog => {
      const ids = catalog.size ? [...catalog.keys()] : [variant];
      this.variant.replaceChildren(
        ...ids.map(id => {
          const option = el('option', undefined, catalog.get(id)?.name ?? id);
          option.value = id;
          return option;
        }),
      );
      this.variant.value = variant;
    });
  }
}
