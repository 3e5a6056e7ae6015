// The analysis board's move list: the game's move list (move-list.ts: each
// action a button, the arrow keys and the step buttons), one entry per
// action played from the start position, and once a computer analysis is
// done each judged move's sign (?!, ?, ??) with the comment that names the
// better move, as lichess shows them.

import { el } from './dom';
import { MoveList } from './move-list';
import type { MoveListEntry } from './view';

/** A move judged by the computer analysis. */
export interface Judgement {
  name: string;
  comment: string;
}

/** Lichess's signs for the judgements. */
export const GLYPHS: Record<string, string> = { Inaccuracy: '?!', Mistake: '?', Blunder: '??' };

export class AnalysisMoves {
  /** `onStep`: the number of actions to show (null: all of them). */
  readonly list: MoveList;
  readonly element = el('section', 'analysis-moves');

  constructor(onStep: (count: number | null) => void) {
    this.list = new MoveList(onStep, 'Last move (End)');
    this.element.setAttribute('aria-label', 'Moves');
    this.element.append(this.list.element, this.list.nav);
  }

  /** Draws the line's entries, `shown` of them played on the board, with the judgements of its moves by index. */
  render(entries: MoveListEntry[], shown: number, judgements: Map<number, Judgement>): void {
    this.list.render(entries, shown >= entries.length ? null : shown);
    for (const [index, judgement] of judgements) {
      const button = this.list.element.querySelector<HTMLButtonElement>(`button.move[data-count="${index + 1}"]`);
      if (!button) continue;
      const kind = judgement.name.toLowerCase();
      button.append(el('span', `glyph glyph-${kind}`, GLYPHS[judgement.name] ?? ''));
      button.setAttribute('aria-label', `${button.getAttribute('aria-label')}: ${judgement.comment}`);
      button.dataset.judgement = judgement.name;
      button.after(el('span', `judgement judgement-${kind}`, judgement.comment));
    }
  }
}
