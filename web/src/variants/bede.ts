// Bede Chess: its pawns move diagonally and capture straight, so they get an
// image of their own; and each Jester moves as the piece the opponent moved
// last (docs/rules/bede.md). The page reads what each Jester copies from the
// view's FEN (its last field: White's Jester's letter, then Black's; `-`
// before the opponent has moved) and marks the Jester with that piece.

import type { Color, View } from '../view';
import type { VariantUi } from './variant-ui';

const ROLES: Record<string, string> = { k: 'king', q: 'queen', c: 'chancellor', b: 'bede', z: 'zebra', s: 'squire', p: 'pawn' };

const side = (c: Color): string => (c === 'white' ? 'White' : 'Black');
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** The role each side's Jester copies now (null: it cannot move yet), or nothing when the view's FEN does not say. */
export function jesterCopies(view: View): Record<Color, string | null> | null {
  const field = view.fen?.trim().split(/\s+/)[7];
  if (!field || field.length !== 2) return null;
  const role = (letter: string) => ROLES[letter.toLowerCase()] ?? null;
  return { white: role(field[0]), black: role(field[1]) };
}

/** What a Jester of `color` does now, in words. */
function jesterWords(color: Color, copies: string | null): string {
  const opponent = side(other(color));
  if (!copies) return `${side(color)}'s Jester cannot move yet: ${opponent} has not moved.`;
  const king = copies === 'king' ? ', but never captures' : '';
  return `${side(color)}'s Jester moves as a ${copies}${king} (${opponent} moved a ${copies} last).`;
}

const jesters = (view: View) => view.boards.flatMap(b => b.pieces).filter(p => p.role === 'jester');

export const bede: VariantUi = {
  id: 'bede',
  pieceImages: { pawn: 'bede-pawn' },
  marks(view) {
    const copies = jesterCopies(view);
    if (!copies) return [];
    const all = jesters(view);
    const colorAt = (s: string) => all.find(p => p.square === s)!.color;
    return [
      {
        kind: 'jester-copies',
        squares: all.filter(p => copies[p.color]).map(p => p.square),
        title: s => jesterWords(colorAt(s), copies[colorAt(s)]),
        badge: s => ({ color: colorAt(s), role: copies[colorAt(s)]! }),
      },
      { kind: 'jester-idle', squares: all.filter(p => !copies[p.color]).map(p => p.square), title: s => jesterWords(colorAt(s), null) },
    ];
  },
  powerNotes(view) {
    const copies = jesterCopies(view);
    if (!copies) return [];
    const sides = new Set(jesters(view).map(p => p.color));
    return (['white', 'black'] as const).filter(c => sides.has(c)).map(c => jesterWords(c, copies[c]));
  },
};
