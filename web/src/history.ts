// The game as it was after a number of moves, from the server's replay API
// (`GET /api/games/{id}/replay?ply=N`, docs/protocol.md "Replay"): the view
// the caller would have been sent at that ply, so stepping back tells no
// viewer more than the live game did. The move list counts moves, the API
// plies (rolls, setups and answers are actions too): the position after k
// moves is the last ply whose list holds no more than k.
// PastPositions steps through them for the game page.

import { api } from './api';
import { el } from './dom';
import { MoveList, historyNote } from './move-list';
import type { MoveListEntry, View } from './view';

export class ReplayHistory {
  /** Views by ply; a past ply's view stays as it is while the game runs. */
  private readonly views = new Map<number, View>();

  constructor(private readonly gameId: string) {}

  /** Forget the views (the game ended: a spectator's past views become the referee's). */
  forget(): void {
    this.views.clear();
  }

  async viewAt(ply: number): Promise<View> {
    const known = this.views.get(ply);
    if (known) return known;
    const { view } = await api.replay(this.gameId, ply);
    this.views.set(ply, view);
    return view;
  }

  /** The view after the first `count` moves of the list, the game being at `livePly` now (a binary search over the plies). */
  async afterMoves(count: number, livePly: number): Promise<View> {
    let [lo, hi] = [0, livePly];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (((await this.viewAt(mid)).moves ?? []).length <= count) lo = mid;
      else hi = mid - 1;
    }
    return this.viewAt(lo);
  }
}

/** Where the live game stands: its ply and its move list. */
export interface LiveGame {
  ply: number | undefined;
  moves: MoveListEntry[];
}

/**
 * Stepping through the game: the move list (its clicks and keys), the note
 * over the board, and which past position is shown. `show` draws a past
 * view, or the live game again (null); the live game goes on meanwhile.
 */
export class PastPositions {
  readonly list = new MoveList(count => void this.step(count));
  /** Said over the board while a past position is shown. */
  readonly note = el('p', 'history-note');
  private replay: ReplayHistory | null = null;
  /** The number of moves shown; null: the live game. */
  private shown: number | null = null;
  /** Counts the steps asked for, so a slow answer to an older one is not drawn. */
  private asked = 0;

  constructor(
    private readonly show: (past: View | null) => void,
    private readonly live: () => LiveGame,
    private readonly failed: (message: string) => void,
  ) {
    this.note.setAttribute('role', 'status');
    this.note.hidden = true;
  }

  /** Whether a past position is shown (nothing is offered then). */
  get viewing(): boolean {
    return this.shown !== null;
  }

  /** A new state of the server's game (none off the server: no past positions to step to). */
  follow(gameId: string | undefined, endedNow: boolean): void {
    if (gameId && !this.replay) this.replay = new ReplayHistory(gameId);
    if (endedNow) this.replay?.forget(); // a spectator's past views become the referee's
  }

  /** Draws the move list (the live game's), marking the move shown. */
  renderList(moves: MoveListEntry[]): void {
    this.list.render(moves, this.shown);
  }

  private async step(count: number | null): Promise<void> {
    const asked = ++this.asked;
    const live = this.live();
    if (count === null) {
      this.shown = null;
      this.note.hidden = true;
      this.show(null);
      return;
    }
    if (!this.replay || live.ply === undefined) return;
    let view: View;
    try {
      view = await this.replay.afterMoves(count, live.ply);
    } catch (e) {
      this.failed(e instanceof Error ? e.message : String(e));
      return;
    }
    if (asked !== this.asked) return;
    this.shown = count;
    this.note.textContent = historyNote(count, live.moves);
    this.note.hidden = false;
    this.show(view);
  }
}
