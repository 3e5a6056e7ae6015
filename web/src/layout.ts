// Where a board's square is drawn. Most boards are drawn as they are; the
// upper board of Kosintsev's two-board Bermuda chess is "quarter-turned"
// (seed 001): it is drawn so that each of its squares sits where its
// complementary lower square sits on the lower board (RULINGS.md:
// L(f, r) <-> U(r, 9-f)), so a piece's way down or up is straight across.

export type Turn = 'none' | 'quarter';

/** Display column and row, 1-based, seen from White's side (col 1 left, row 1 bottom). */
export type DisplayPos = [col: number, row: number];

export function toDisplay(file: number, rank: number, size: number, turn: Turn): DisplayPos {
  // U(x, y) is complementary to L(size+1-y, x), so it is drawn there.
  return turn === 'quarter' ? [size + 1 - rank, file] : [file, rank];
}

export function fromDisplay(col: number, row: number, size: number, turn: Turn): [file: number, rank: number] {
  return turn === 'quarter' ? [row, size + 1 - col] : [col, row];
}
