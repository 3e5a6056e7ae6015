// The check highlight, as on lichess: the king of the side in check gets a
// red glow. The referee says when a side is in check (the last action's
// event `{"kind":"check"}`, in every variant with check); the page finds
// that side's king on whichever board it stands.

import type { Color, GameEvent, View } from './view';

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** The side the last action put in check: the mover's opponent, else the side to act now. */
function sideInCheck(view: View): Color | null {
  const events: GameEvent[] = view.last?.events ?? [];
  if (!events.some(e => e.kind === 'check')) return null;
  const moved = events.find(e => e.kind === 'moved' && (e.by === 'white' || e.by === 'black'));
  if (moved) return other(moved.by as Color);
  if (view.to_act === 'white' || view.to_act === 'black') return view.to_act;
  const seat = view.last?.seat;
  return seat === 'white' || seat === 'black' ? other(seat) : null;
}

/** The squares of the kings in check (none when nobody is). */
export function checkedKings(view: View): string[] {
  const side = sideInCheck(view);
  if (!side) return [];
  return view.boards.flatMap(b => b.pieces).filter(p => p.color === side && p.role === 'king').map(p => p.square);
}
