// Knights are God: a knight leaps (3,1), and every piece standing on a
// square that a friendly knight's leap reaches (knights and king included)
// may also move and capture as a (2,1) knight (docs/rules/knights-are-god.md).
// The page marks those pieces, from the view's board alone, so a player
// sees which pieces hold the knight's power now.

import { parseSquare, squareName } from '../squares';
import type { Color, PieceOnBoard, View } from '../view';
import type { VariantUi } from './variant-ui';

const GOD_LEAP = [[3, 1], [1, 3], [-1, 3], [-3, 1], [-3, -1], [-1, -3], [1, -3], [3, -1]];

const side = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** Each piece holding the knight's power, with the friendly knights whose leap reaches its square. */
export function knightPowers(view: View): { piece: PieceOnBoard; knights: string[] }[] {
  const out: { piece: PieceOnBoard; knights: string[] }[] = [];
  for (const board of view.boards) {
    const at = new Map(board.pieces.map(p => [p.square, p]));
    const guards = new Map<string, string[]>();
    for (const knight of board.pieces.filter(p => p.role === 'knight')) {
      const from = parseSquare(knight.square);
      if (!from) continue;
      for (const [df, dr] of GOD_LEAP) {
        const file = from.file + df;
        const rank = from.rank + dr;
        if (file < 1 || rank < 1 || file > board.files || rank > board.ranks) continue;
        const square = squareName({ board: from.board, file, rank });
        if (at.get(square)?.color === knight.color) guards.set(square, [...(guards.get(square) ?? []), knight.square]);
      }
    }
    for (const piece of board.pieces) {
      const knights = guards.get(piece.square);
      if (knights) out.push({ piece, knights });
    }
  }
  return out;
}

export const knightsAreGod: VariantUi = {
  id: 'knights-are-god',
  marks(view) {
    const powers = knightPowers(view);
    const of = (square: string) => powers.find(p => p.piece.square === square);
    return [
      {
        kind: 'knight-power',
        squares: powers.map(p => p.piece.square),
        title: s => {
          const p = of(s)!;
          return `${side(p.piece.color)}'s ${p.piece.role} on ${s} also moves as a (2,1) knight: the knight on ${p.knights.join(' and ')} guards it`;
        },
        badge: s => ({ color: of(s)!.piece.color, role: 'knight' }),
      },
    ];
  },
  powerNotes(view) {
    const powers = knightPowers(view);
    return (['white', 'black'] as const).flatMap(color => {
      const held = powers
        .filter(p => p.piece.color === color)
        .sort((a, b) => a.piece.square.localeCompare(b.piece.square, 'en', { numeric: true }))
        .map(p => `${p.piece.role} ${p.piece.square}`);
      return held.length ? [`${side(color)}'s pieces that also move as a (2,1) knight now: ${held.join(', ')}.`] : [];
    });
  },
};
