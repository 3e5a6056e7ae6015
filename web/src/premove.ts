// Premoves, as on lichess: while the opponent thinks, the player moves a
// piece ahead; when the next view says it is the player's move, the premove
// is played if it is in `legal`, else dropped without a word. Only where
// the player's next decision is a plain move: never where it is an answer
// (Rejection's accept or reject), a choice made with the move (Circe's
// rebirth), a roll that follows (Bermuda), a setup (Beirut's carrier,
// Looking-Glass's army) or an order into a world the player cannot see
// (`premoves: false` in the variant's file, variants/<id>.ts, where the next
// decision is never plain; `pending.kind` for the moment).

import type { Key } from 'chessgroundx/types';
import { files as cgFiles, ranks as cgRanks } from 'chessgroundx/types';
import { movesTo, nextChoice, type PieceAt } from './input';
import type { Color, LegalAction, View } from './view';

/** A premove waiting for the player's turn, in board square names. */
export interface Premove {
  from: string;
  to: string;
}

/** Whether the viewer (a seat) may premove now: the opponent is to make a plain move, and the viewer's answer will be one too. */
export function premoveAllowed(view: View, seat: Color | null, variantAllows: boolean): boolean {
  if (!seat || !variantAllows || view.outcome || view.legal.length) return false;
  const opponent = seat === 'white' ? 'black' : 'white';
  return view.to_act === opponent && view.pending?.kind === 'move';
}

/** The action a premove stands for in a view where the player moves: the move itself, a promotion to a queen (as lichess), else none. */
export function premoveAction(legal: LegalAction[], premove: Premove, pieceAt: PieceAt): LegalAction | null {
  const moves = movesTo(legal, premove.from, premove.to, pieceAt);
  const choice = nextChoice(moves);
  if (choice?.kind === 'done') return choice.action;
  if (choice?.kind === 'promotion') {
    const queen = choice.options.find(o => o.role === 'queen') ?? choice.options[0];
    const then = nextChoice(queen.actions);
    return then?.kind === 'done' ? then.action : null;
  }
  return null;
}

/**
 * Where a piece may be premoved on a board of `cols` x `rows` (chessground's
 * display keys): along its lines and diagonals and a knight's jump away,
 * which holds every move of the pieces we draw (a king's castling drop too);
 * the referee decides when the turn comes.
 */
export function premoveSquares(cols: number, rows: number): (key: Key) => Key[] {
  const all: [number, number][] = [];
  for (let x = 0; x < cols; x++) for (let y = 0; y < rows; y++) all.push([x, y]);
  const keyOf = ([x, y]: [number, number]) => `${cgFiles[x]}${cgRanks[y]}` as Key;
  return key => {
    const x1 = cgFiles.indexOf(key[0] as (typeof cgFiles)[number]);
    const y1 = cgRanks.indexOf(key[1] as (typeof cgRanks)[number]);
    return all
      .filter(([x2, y2]) => {
        const dx = Math.abs(x2 - x1);
        const dy = Math.abs(y2 - y1);
        if (dx === 0 && dy === 0) return false;
        return dx === 0 || dy === 0 || dx === dy || (dx === 1 && dy === 2) || (dx === 2 && dy === 1) || (dx === 2 && dy === 3) || (dx === 3 && dy === 2);
      })
      .map(keyOf);
  };
}
