// The server's `abort_at_ms` counted down in words: while a seat that has
// not made its first move has its turn, the game is called off at that
// time; a challenge link nobody accepted expires then. The server keeps the
// real deadline; the page compares it with this browser's clock each second.

import { el } from './dom';
import type { Color, GameMeta, Seat } from './view';

const TICK_MS = 1000;
const seatWord = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** "27 s" up to a minute, else the whole minutes left ("59 min"): the figure a player reads at a glance. */
export function formatLeft(ms: number): string {
  if (ms <= 60_000) return `${Math.max(0, Math.ceil(ms / 1000))} s`;
  return `${Math.floor(ms / 60_000)} min`;
}

/** What the deadline means for this game, in words; null when there is none to show. */
export function deadlineWords(game: GameMeta, toAct: Seat | null, now: number): string | null {
  if (game.abort_at_ms == null) return null;
  const left = formatLeft(game.abort_at_ms - now);
  if (game.status === 'waiting') return `This challenge expires in ${left}`;
  if (game.status !== 'playing') return null;
  // The seat to act (a roll of the dice acts for nobody: then the first move is due next).
  if (toAct === 'white' || toAct === 'black') return `${seatWord(toAct)} must move within ${left} or the game is aborted`;
  return `The first move must come within ${left} or the game is aborted`;
}

export class AbortDeadline {
  readonly element = el('p', 'abort-deadline');
  private timer: number | undefined;

  constructor() {
    this.element.hidden = true;
  }

  /** The latest state's game and the seat to act; redrawn every second while a deadline stands. */
  set(game: GameMeta, toAct: Seat | null): void {
    window.clearInterval(this.timer);
    this.timer = undefined;
    const draw = () => {
      const words = deadlineWords(game, toAct, Date.now());
      this.element.hidden = words === null;
      this.element.textContent = words ?? '';
      return words !== null;
    };
    if (draw()) this.timer = window.setInterval(draw, TICK_MS);
  }
}
