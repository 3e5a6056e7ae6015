// The game as it was after a number of moves, from the server's replay API
// (`GET /api/games/{id}/replay?ply=N`, docs/protocol.md "Replay"): the view
// the caller would have been sent at that ply, so stepping back tells no
// viewer more than the live game did. The move list counts moves, the API
// plies (rolls, setups and answers are actions too): the position after k
// moves is the last ply whose list holds no more than k.

import { api } from './api';
import type { View } from './view';

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
