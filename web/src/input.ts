// From the View's `legal` list to the action text a player sends: which
// squares a piece may go to, which moves a from-to pair stands for (several
// when a promotion or a Circe rebirth must still be chosen), and what a typed
// move means. The UI invents no move: every text sent is one of `legal`.

import type { Color, LegalAction } from './view';
import { parseSquare, squareIn, squareName } from './squares';

/** What stands on a square (the view's pieces), for reading a drop of the king as castling. */
export type PieceAt = (square: string) => { color: Color; role: string } | undefined;

const nobody: PieceAt = () => undefined;

/** Moves with a from and a to square (board moves), grouped by from; a castling king's other drop squares too. */
export function destinations(legal: LegalAction[], pieceAt: PieceAt = nobody): Map<string, string[]> {
  const dests = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    const list = dests.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    dests.set(from, list);
  };
  for (const a of legal) if (isBoardMove(a)) add(a.from!, a.to!);
  for (const [from, drops] of castlingDrops(legal, pieceAt)) for (const to of drops.keys()) add(from, to);
  return dests;
}

export function candidates(legal: LegalAction[], from: string, to: string): LegalAction[] {
  return legal.filter(a => a.from === from && a.to === to);
}

/** The actions a piece moved from `from` to `to` stands for: the moves between them, else the castling the king's drop means. */
export function movesTo(legal: LegalAction[], from: string, to: string, pieceAt: PieceAt = nobody): LegalAction[] {
  const moves = candidates(legal, from, to);
  if (moves.length) return moves;
  const castling = castlingDrops(legal, pieceAt).get(from)?.get(to);
  return castling ? [castling] : [];
}

/** Castling in the view's SAN (`O-O`, `O-O-O`, with a check mark or not). */
const isCastling = (a: LegalAction): boolean => /^O-O(-O)?[+#]?$/.test(a.san ?? '');

/**
 * Where a player may drop the king to castle, for each castling the view
 * offers: from two squares toward its rook up to the rook itself. The
 * referee writes castling as the king's move in classical positions
 * (`e1g1`) and as the king onto the rook otherwise (Chess960, Bermuda's
 * `f1j1`): either way the king's two-square move and its drop on the rook
 * both mean it. A square that is the destination of another move of the
 * king keeps that move (see `movesTo`).
 */
export function castlingDrops(legal: LegalAction[], pieceAt: PieceAt): Map<string, Map<string, LegalAction>> {
  const drops = new Map<string, Map<string, LegalAction>>();
  for (const a of legal.filter(isCastling)) {
    const king = a.from ? parseSquare(a.from) : null;
    const to = a.to ? parseSquare(a.to) : null;
    const color = a.from ? pieceAt(a.from)?.color : undefined;
    if (!king || !to || king.board !== to.board || king.rank !== to.rank || king.file === to.file) continue;
    const step = Math.sign(to.file - king.file);
    const at = (file: number) => squareName({ board: king.board, file, rank: king.rank });
    // The rook: on the action's square (king onto rook), else the first own rook beyond the king's square.
    let rook = to.file;
    for (let f = to.file; f >= 1 && f <= 16; f += step) {
      const piece = pieceAt(at(f));
      if (piece?.role === 'rook' && (!color || piece.color === color)) {
        rook = f;
        break;
      }
      if (piece) break;
    }
    const mine = drops.get(a.from!) ?? new Map<string, LegalAction>();
    for (let f = king.file + 2 * step; step * (rook - f) >= 0; f += step) mine.set(at(f), a);
    mine.set(at(rook), a);
    drops.set(a.from!, mine);
  }
  return drops;
}

/** What is still to choose among moves with the same from and to. */
export type Choice =
  | { kind: 'done'; action: LegalAction }
  | { kind: 'promotion'; options: { role: string; actions: LegalAction[] }[] }
  | { kind: 'rebirth'; options: { square: string; action: LegalAction }[] }
  | { kind: 'pick'; options: LegalAction[] };

/** The next choice the player makes among `moves` (promotion first, then rebirth). */
export function nextChoice(moves: LegalAction[]): Choice | null {
  if (moves.length === 0) return null;
  if (moves.length === 1) return { kind: 'done', action: moves[0] };
  const roles = [...new Set(moves.map(m => m.promotion).filter((r): r is string => !!r))];
  if (roles.length > 1) {
    return { kind: 'promotion', options: roles.map(role => ({ role, actions: moves.filter(m => m.promotion === role) })) };
  }
  const rebirths = moves.filter(m => m.choice && squareIn(m.choice));
  if (rebirths.length === moves.length) {
    return { kind: 'rebirth', options: rebirths.map(m => ({ square: squareIn(m.choice!)!, action: m })) };
  }
  return { kind: 'pick', options: moves };
}

/** What the page knows besides the legal list when it reads a typed move. */
export interface TypingContext {
  /** Words the referee reads for an action besides its text, by word (Beirut's `bomb` for `detonate`). */
  words?: Record<string, string>;
  /** The view's pieces, to read a king's drop as castling (`e1h1`). */
  pieceAt?: PieceAt;
}

/** Squares typed as the referee reads them: from, to, a promotion letter, a rebirth square (`e7e8q`, `Mb7Mb8=Q`, `e4d5@a3`, `d5d5`). */
const TYPED_SQUARES = /^([A-Z]?[a-p]\d{1,2})([A-Z]?[a-p]\d{1,2})(?:=?([A-Za-z]))?(?:@([a-p]\d{1,2}))?$/;

/** The promotion letter of an action text written as squares (`e7e8q` -> q, `b7a8q@h8` -> q). */
function promotionLetter(a: LegalAction): string | undefined {
  if (!a.promotion || !a.from || !a.to || !a.text.startsWith(a.from + a.to)) return undefined;
  return a.text.slice(a.from.length + a.to.length).replace(/^=/, '')[0]?.toLowerCase();
}

/** The moves typed as squares: all between the two (a promotion or rebirth still to choose), narrowed by a typed letter or rebirth. */
function bySquares(legal: LegalAction[], typed: RegExpExecArray, pieceAt: PieceAt): LegalAction[] {
  const [, from, to, letter, rebirth] = typed;
  let moves = from === to ? candidates(legal, from, to) : movesTo(legal, from, to, pieceAt);
  if (letter) moves = moves.filter(a => promotionLetter(a) === letter.toLowerCase());
  if (rebirth) moves = moves.filter(a => a.choice && squareIn(a.choice) === rebirth);
  return moves;
}

/** SAN as compared: no check marks, capture signs or `=`; `0-0` as `O-O`. */
function looseSan(san: string): string {
  const plain = san.replace(/\s*\(.*\)$/, '').replace(/[+#!?=x]/g, '').trim();
  return /^[0O]-[0O](-[0O])?$/.test(plain) ? plain.replace(/0/g, 'O') : plain;
}

/** Whether the squares carry a board letter (`Le4`, `Re4`). */
const lettered = (legal: LegalAction[]): boolean => legal.some(a => !!a.from && !!parseSquare(a.from)?.board);

/** SAN without the board letters of its squares (`NRf3` -> `Nf3`), for games whose squares carry them. */
const withoutBoardLetters = (san: string): string => san.replace(/[A-Z](?=[a-p]\d)/g, '');

/**
 * The actions a SAN may mean: the move whose SAN it is (`Nf3`, `exd5`, `e8=Q`,
 * `O-O`; check marks, `x` and `=` optional), or, written without the rebirth
 * square (Circe's `Qxd5` for `Qxd5@a5`), every rebirth of that capture; on
 * boards whose squares carry a letter, also without it (Looking-Glass's `Nf3`
 * for `NRf3`).
 */
function bySan(legal: LegalAction[], typed: string): LegalAction[] {
  const withSan = legal.filter(a => a.san);
  const want = looseSan(typed);
  const full = withSan.filter(a => looseSan(a.san!) === want);
  if (full.length) return full;
  const base = (a: LegalAction) => looseSan(a.san!.split('@')[0]);
  const captures = withSan.filter(a => base(a) === want);
  if (captures.length) return captures;
  return lettered(legal) ? withSan.filter(a => withoutBoardLetters(base(a)) === want) : [];
}

/**
 * The actions a typed text may mean, by the grammar the referee reads
 * (docs/notation.md): an action's text (`e2e4`, `accept`, `carrier g1`), a
 * word the referee reads for one (`bomb`), squares (`e7e8q`, `e1h1` for
 * castling, `d4e5` before the rebirth is chosen, `d5d5` for a detonation),
 * a SAN, or a bare square naming one action (`g1` for `carrier g1`).
 * Several when a choice is still open (a promotion, a rebirth square).
 */
export function parseTyped(legal: LegalAction[], typed: string, context: TypingContext = {}): LegalAction[] {
  const text = typed.trim();
  if (!text) return [];
  const lower = text.toLowerCase();
  const exact = legal.filter(a => a.text.toLowerCase() === lower);
  if (exact.length) return exact;
  const word = context.words?.[lower];
  const named = word ? legal.filter(a => a.text === word) : [];
  if (named.length) return named;
  const squares = TYPED_SQUARES.exec(text);
  const moved = squares ? bySquares(legal, squares, context.pieceAt ?? nobody) : [];
  if (moved.length) return moved;
  const prefix = legal.filter(a => isBoardMove(a) && a.text.toLowerCase().startsWith(lower + ' '));
  if (prefix.length) return prefix;
  const san = bySan(legal, text);
  if (san.length) return san;
  const naming = parseSquare(text) ? commands(legal).filter(a => a.text.split(/\s+/).length === 2 && squareIn(a.text) === text) : [];
  return naming.length === 1 ? naming : [];
}

/** What may be typed now, with examples taken from the legal list: the page's hint and its answer to a text it cannot read. */
export function typingHint(legal: LegalAction[], words: Record<string, string> = {}): string {
  const parts: string[] = [];
  const moves = legal.filter(isBoardMove);
  if (moves.length) {
    const sans = [...new Set(moves.map(a => a.san?.split('@')[0]).filter((s): s is string => !!s))];
    // A pawn's SAN starts with its square: on lettered boards after the board letter (Looking-Glass's `Rb3`).
    const plain = lettered(legal) ? withoutBoardLetters : (san: string) => san;
    const pick = (test: (san: string) => boolean) => sans.find(s => test(plain(s)));
    const examples = [pick(s => /^[a-p]/.test(s)), pick(s => /^[A-NP-Z]/.test(s)), pick(s => s.includes('x')), pick(s => s.startsWith('O-O'))];
    const shown = [...new Set(examples.filter((s): s is string => !!s))].slice(0, 3);
    const rebirth = moves.find(a => a.choice && a.san?.includes('@'));
    let line = `a move as its squares (${moves[0].text})`;
    if (shown.length) line += ` or in SAN (${shown.join(', ')})`;
    if (rebirth) line += `; after a capture the rebirth square is asked, or typed after @ (${rebirth.san})`;
    parts.push(line);
  }
  const wordsOf = (text: string) => Object.keys(words).filter(w => words[w] === text);
  const named = commands(legal).filter(a => !a.text.startsWith('start '));
  const carriers = named.filter(a => a.text.startsWith('carrier '));
  if (carriers.length) parts.push(`your carrier as its square (${squareIn(carriers[0].text)} or ${carriers[0].text})`);
  const others = named.filter(a => !a.text.startsWith('carrier ')).map(a => {
    const also = wordsOf(a.text);
    return also.length ? `${a.text} (or ${also.join(', ')})` : a.text;
  });
  if (others.length) parts.push(others.join(', '));
  return parts.length ? `Type ${parts.join('; or ')}.` : '';
}

/** A move from one square to another; an action on one square (Beirut's `detonate`, from = to = the carrier) is none. */
export function isBoardMove(a: LegalAction): boolean {
  return !!a.from && !!a.to && a.from !== a.to;
}

/** Legal actions that are no board move (accept, reject, detonate, draw answers ...). */
export function commands(legal: LegalAction[]): LegalAction[] {
  return legal.filter(a => !isBoardMove(a));
}
