// The flip-board control, as on lichess: turns the boards, their
// coordinates and the players' rows upside down. Remembered for this game
// while the page is open (every new view keeps it), never stored.

import { el } from './dom';
import type { Color } from './view';

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export class FlipControl {
  readonly button = el('button', 'flip-board', 'Flip board');
  private flipped = false;

  constructor(onFlip: () => void) {
    this.button.type = 'button';
    this.button.setAttribute('aria-label', 'Flip the board');
    this.button.setAttribute('aria-pressed', 'false');
    this.button.addEventListener('click', () => {
      this.flipped = !this.flipped;
      this.button.setAttribute('aria-pressed', String(this.flipped));
      onFlip();
    });
  }

  /** The side drawn at the bottom: the viewer's own side, or the other once flipped. */
  bottom(own: Color): Color {
    return this.flipped ? other(own) : own;
  }
}
