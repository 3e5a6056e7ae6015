// From the View's `legal` list to the action text a player sends: which
// squares a piece may go to, which moves a from-to pair stands for (several
// when a promotion or a Circe rebirth must still be chosen), and what a typed
// move means. The UI invents no move: every text sent is one of `legal`.

import type { LegalAction } from './view';
import { squareIn } from './squares';

/** Moves with a from and a to square (board moves), grouped by from. */
export function destinations(legal: LegalAction[]): Map<string, string[]> {
  const dests = new Map<string, string[]>();
  for (const a of legal) {
    if (!isBoardMove(a)) continue;
    const from = a.from!;
    const to = a.to!;
    const list = dests.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    dests.set(from, list);
  }
  return dests;
}

export function candidates(legal: LegalAction[], from: string, to: string): LegalAction[] {
  return legal.filter(a => a.from === from && a.to === to);
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
