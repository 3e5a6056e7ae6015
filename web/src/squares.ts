// Square names as the referee writes them: a file letter and a rank number
// (`e4`, `j10`), with a board letter in front on multi-board games (`Le4`).

export interface SquareRef {
  /** The board letter, or null on one-board games. */
  board: string | null;
  /** 1-based file (a = 1). */
  file: number;
  /** 1-based rank. */
  rank: number;
}

const SQUARE = /^([A-Z])?([a-p])(\d{1,2})$/;

export function parseSquare(text: string): SquareRef | null {
  const m = SQUARE.exec(text.trim());
  if (!m) return null;
  const rank = Number(m[3]);
  if (rank < 1 || rank > 16) return null;
  return { board: m[1] ?? null, file: m[2].charCodeAt(0) - 96, rank };
}

export function squareName(ref: SquareRef): string {
  return `${ref.board ?? ''}${String.fromCharCode(96 + ref.file)}${ref.rank}`;
}

export function fileLetter(file: number): string {
  return String.fromCharCode(96 + file);
}

/** The letter a board's squares carry: the first letter of its name, upper case. */
export function boardLetter(name: string | null): string | null {
  return name ? name[0].toUpperCase() : null;
}

/** The square named inside an action text such as "carrier g1" or "reborn c1". */
export function squareIn(text: string): string | null {
  for (const word of text.split(/\s+/).reverse()) {
    if (parseSquare(word)) return word;
  }
  return null;
}
