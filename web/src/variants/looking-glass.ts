// Through the Looking-Glass (docs/rules/looking-glass.md): a player sees one
// world and gives orders into the other. The page draws a second, "notes"
// board of the unseen world with the player's own pieces where its knowledge
// log puts them: every passing, order and capture is told to the player, so
// this shows nothing it was not told.

import type { BoardView, Color, GameEvent, PieceOnBoard, View } from '../view';

interface Piece {
  color: Color;
  role: string;
}

const WORLD_NAMES: Record<string, string> = { R: 'Real', M: 'Mirror' };

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function pieceOf(v: unknown): Piece | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const color = o.color === 'white' || o.color === 'black' ? o.color : null;
  const role = text(o.role);
  return color && role ? { color, role } : null;
}

/** The world a player does not see: its own board is the view's only one. */
export function unseenWorld(view: View, seat: Color | null): string | null {
  if (!seat || view.outcome || view.boards.length !== 1) return null;
  const seen = view.boards[0].name;
  return seen === 'R' ? 'M' : seen === 'M' ? 'R' : null;
}

/** The player's own pieces in the world `world`, replayed from the knowledge log. */
export function ownPiecesIn(log: GameEvent[], world: string, seat: Color): Map<string, Piece> {
  const pieces = new Map<string, Piece>();
  const inWorld = (sq: string | null): sq is string => !!sq && sq.startsWith(world);
  for (const e of log) {
    const piece = pieceOf(e.piece);
    if (e.kind === 'passed_through') {
      const from = text(e.from);
      const to = text(e.to);
      if (from) pieces.delete(from);
      if (inWorld(to) && piece?.color === seat) pieces.set(to, piece);
    } else if (e.kind === 'order_carried' && e.by === seat) {
      const from = text(e.from);
      const end = text(e.stopped) ?? text(e.to);
      const moved = (from && pieces.get(from)) || piece;
      if (from) pieces.delete(from);
      if (inWorld(end) && moved) pieces.set(end, moved);
    } else if (e.kind === 'stayed') {
      // Told after every order: the piece as it stands now (a pawn ordered to the last rank: its promoted piece).
      const square = text(e.square);
      if (inWorld(square) && piece?.color === seat) pieces.set(square, piece);
    } else if (e.kind === 'captured') {
      const square = text(e.square);
      if (square) pieces.delete(square);
    }
  }
  return pieces;
}

/** The notes board of the world the player cannot see, or null when there is none to draw. */
export function notesBoard(view: View, seat: Color | null): BoardView | null {
  const world = unseenWorld(view, seat);
  if (!world || !seat) return null;
  const log = (view.knowledge?.log as GameEvent[] | undefined) ?? [];
  const pieces: PieceOnBoard[] = [...ownPiecesIn(log, world, seat)].map(([square, p]) => ({
    square,
    color: p.color,
    role: p.role,
    letter: p.role === 'knight' ? 'N' : p.role[0].toUpperCase(),
  }));
  return { name: world, files: 8, ranks: 8, pieces };
}

export function worldTitle(letter: string, notes: boolean): string {
  const name = `${WORLD_NAMES[letter] ?? letter} world`;
  return notes ? `${name}, unseen: your notes (your pieces as you were told); drag one to give an order` : name;
}
