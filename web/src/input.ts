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

/** A move's SAN without check marks and capture signs, for loose matching. */
function looseSan(san: string): string {
  return san.replace(/[+#!?]/g, '').replace(/x/g, '').replace(/=/g, '').trim();
}

/**
 * The actions a typed text may mean: an exact action text ("e2e4", "accept",
 * "carrier g1"), a from-to prefix of several ("d4e5" before its rebirth is
 * chosen), or a SAN ("Nf3", "exd5", "e8=Q", "O-O").
 */
export function parseTyped(legal: LegalAction[], typed: string): LegalAction[] {
  const text = typed.trim();
  if (!text) return [];
  const exact = legal.filter(a => a.text === text || a.text.toLowerCase() === text.toLowerCase());
  if (exact.length) return exact;
  const prefix = legal.filter(a => isBoardMove(a) && a.text.toLowerCase().startsWith(text.toLowerCase() + ' '));
  if (prefix.length) return prefix;
  const bySan = legal.filter(a => a.san && a.san === text);
  if (bySan.length) return bySan;
  const loose = looseSan(text.replace(/0/g, 'O'));
  return legal.filter(a => a.san && looseSan(a.san.replace(/\s*\(.*\)$/, '')) === loose);
}

/** A move from one square to another; an action on one square (Beirut's `detonate`, from = to = the carrier) is none. */
export function isBoardMove(a: LegalAction): boolean {
  return !!a.from && !!a.to && a.from !== a.to;
}

/** Legal actions that are no board move (accept, reject, detonate, draw answers ...). */
export function commands(legal: LegalAction[]): LegalAction[] {
  return legal.filter(a => !isBoardMove(a));
}
