// A secret starting position chosen from the View's `legal` list (Looking-
// Glass: `start RNBQKBNR`, the 960 Chess960 back ranks): a random one picked
// here in the browser, or a typed back rank checked against the list.

import type { LegalAction } from './view';

const PREFIX = 'start ';

const starts = (legal: LegalAction[]): LegalAction[] => legal.filter(a => a.text.startsWith(PREFIX));

/** One of the offered starts, uniformly at random. */
export function randomStart(legal: LegalAction[], random: () => number = Math.random): LegalAction | null {
  const all = starts(legal);
  return all.length ? all[Math.floor(random() * all.length)] : null;
}

/** The offered start for a typed back rank ("nrkbbqrn" or "start NRKBBQRN"), or what is wrong with it. */
export function startAction(legal: LegalAction[], typed: string): LegalAction | string {
  const rank = typed.trim().replace(/^start\s+/i, '').toUpperCase();
  const hit = starts(legal).find(a => a.text === PREFIX + rank);
  if (hit) return hit;
  if (!/^[KQRBN]{8}$/.test(rank)) {
    return `“${typed.trim()}” is no back rank: write 8 letters from file a to h, K Q R B N (for example RNBQKBNR).`;
  }
  return `${rank} is no Chess960 start: it needs one king between the two rooks, a queen, two knights and two bishops on squares of opposite colours.`;
}
