// The move list, as on lichess: every move a button that shows the game
// after it; the arrow keys step back and forth (Left, Right), Home goes to
// the start and End (or Right at the last move) back to the live game. The
// page asks the replay API for each position (history.ts); this file only
// says which one the player wants: the number of moves to show, or null for
// the live game.

import { el } from './dom';
import type { MoveListEntry } from './view';

const seatWord = (seat: string): string => (seat === 'white' ? 'White' : seat === 'black' ? 'Black' : seat);

export class MoveList {
  readonly element = el('ol', 'moves');
  /** The step buttons under the list (for pointers; the keys do the same). */
  readonly nav = el('div', 'move-nav');
  private moves: MoveListEntry[] = [];
  /** The number of moves shown, or null: the live game. */
  private shown: number | null = null;
  private readonly buttons: Record<'first' | 'back' | 'forward' | 'live', HTMLButtonElement>;

  /** `endLabel`: the last button's name (the live game, or the line's last move on the analysis board). */
  constructor(
    private readonly onStep: (count: number | null) => void,
    endLabel = 'Live game (End)',
  ) {
    this.element.setAttribute('aria-label', 'Moves');
    const button = (cls: string, text: string, label: string, to: () => number | null) => {
      const b = el('button', `move-step ${cls}`, text);
      b.type = 'button';
      b.setAttribute('aria-label', label);
      b.addEventListener('click', () => this.go(to()));
      this.nav.append(b);
      return b;
    };
    this.buttons = {
      first: button('step-first', '|<', 'First position (Home)', () => 0),
      back: button('step-back', '<', 'Previous move (Left arrow)', () => this.current - 1),
      forward: button('step-forward', '>', 'Next move (Right arrow)', () => this.current + 1),
      live: button('step-live', '>|', endLabel, () => null),
    };
    document.addEventListener('keydown', e => this.key(e));
  }

  /** The number of moves on the board now. */
  private get current(): number {
    return this.shown ?? this.moves.length;
  }

  /** Steps to `count` moves (past the last: the live game). */
  private go(count: number | null): void {
    if (count !== null && (count < 0 || count >= this.moves.length)) count = count < 0 ? 0 : null;
    if (count === this.shown) return;
    this.onStep(count);
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return; // the typed move box has its own keys
    const to: Record<string, () => number | null> = {
      ArrowLeft: () => this.current - 1,
      ArrowRight: () => this.current + 1,
      Home: () => 0,
      End: () => null,
    };
    const step = to[e.key];
    if (!step || !this.moves.length) return;
    e.preventDefault();
    this.go(step());
  }

  /** Draws the list (the live game's moves), marking the one shown (null: the live position). */
  render(moves: MoveListEntry[], shown: number | null): void {
    this.moves = moves;
    this.shown = shown;
    this.element.replaceChildren();
    let li: HTMLLIElement | null = null;
    let previous: MoveListEntry | null = null;
    let number = 0;
    moves.forEach((m, i) => {
      // A rejected proposal and the move White played instead share White's line.
      const sameTurn = previous?.rejected && previous.seat === m.seat;
      if (!li || (m.seat === 'white' && !sameTurn)) {
        li = el('li');
        number++;
        this.element.append(li);
      }
      const entry = el('button', `move move-${m.seat}${m.rejected ? ' move-rejected' : ''}`, m.san);
      entry.type = 'button';
      entry.dataset.count = String(i + 1);
      const words = m.rejected ? `${seatWord(m.seat)} proposed ${m.san}, rejected` : `${seatWord(m.seat)}: ${m.san}`;
      entry.setAttribute('aria-label', `${number}. ${words}`);
      if (m.rejected) entry.title = 'proposed and rejected';
      const here = shown === null ? i === moves.length - 1 : i === shown - 1;
      entry.classList.toggle('current', here);
      if (here) entry.setAttribute('aria-current', 'step');
      entry.addEventListener('click', () => this.go(i + 1));
      li.append(entry);
      previous = m;
    });
    this.buttons.first.disabled = this.current === 0;
    this.buttons.back.disabled = this.current === 0;
    this.buttons.forward.disabled = shown === null;
    this.buttons.live.disabled = shown === null;
    this.nav.hidden = moves.length === 0;
    // The list scrolls, not the page: the shown move in the middle of the list's box.
    const current = this.element.querySelector<HTMLElement>('.current');
    if (shown === null || !current) this.element.scrollTop = this.element.scrollHeight;
    else this.element.scrollTop = current.offsetTop - this.element.clientHeight / 2;
  }
}

/** The note over the board while the player looks at a past position. */
export function historyNote(count: number, moves: MoveListEntry[]): string {
  if (count === 0) return 'Viewing the start of the game — press End for the live game';
  return `Viewing move ${count} (${moves[count - 1]?.san ?? ''}) — press End for the live game`;
}
