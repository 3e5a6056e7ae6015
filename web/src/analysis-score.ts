// An engine's score as players read it, as lichess shows it: the number
// (+0.34, -1.20, #3, #-2) and the winning chances behind the evaluation bar
// and the graph (docs/protocol.md, "Analysis": 2 / (1 + e^(-0.00368208 × cp))
// - 1, the centipawns within ±1000, a mate as ±1000).

import type { Score } from './analysis-socket';

const CAP = 1000;

/** White's winning chances, -1 (Black wins) to 1 (White wins). */
export function winningChances(score: Score): number {
  const cp = 'mate' in score ? (score.mate > 0 ? CAP : -CAP) : Math.max(-CAP, Math.min(CAP, score.cp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** White's share of the evaluation bar, 0 to 100. */
export function whiteShare(score: Score): number {
  if ('mate' in score) return score.mate > 0 ? 100 : 0;
  return 50 + 50 * winningChances(score);
}

/** The score as a number: `+0.34`, `-1.20`, `0.00`, `#3`, `#-2`. */
export function scoreText(score: Score): string {
  if ('mate' in score) return `#${score.mate}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** The score in words for a screen reader. */
export function scoreWords(score: Score): string {
  if ('mate' in score) return score.mate > 0 ? `White mates in ${score.mate}` : `Black mates in ${-score.mate}`;
  const pawns = Math.abs(score.cp / 100).toFixed(2);
  if (score.cp === 0) return 'Even';
  return `${score.cp > 0 ? 'White' : 'Black'} is better by ${pawns} pawns`;
}
