// Rejection: the opponent answers each proposal (accept or reject; an
// answer, never a move made ahead), the proposal is drawn as an arrow, and a
// rejected mover is told to play another move.

import { el } from '../dom';
import { seatName } from '../seats';
import type { View } from '../view';
import type { VariantUi } from './variant-ui';

/** The from and to squares at the start of an action text ("e2e4", "e7e8q"). */
const MOVE_SQUARES = /^([A-Z]?[a-p]\d{1,2})([A-Z]?[a-p]\d{1,2})/;

/** The rejected proposal in SAN, as the rest of the page writes moves. */
function rejectedSan(view: View): string {
  const told = (view.last?.events ?? []).find(e => e.kind === 'rejected' && typeof e.san === 'string');
  const listed = [...(view.moves ?? [])].reverse().find(m => m.rejected);
  return (told?.san as string | undefined) ?? listed?.san ?? view.pending?.rejected ?? '';
}

const PROPOSAL_EVENTS = new Set(['proposed', 'accepted', 'rejected']);

/** Whether a proposal waits, was rejected, or was just answered. */
function hasProposals(view: View): boolean {
  const pending = view.pending;
  return (
    pending?.kind === 'answer_proposal' ||
    !!pending?.rejected ||
    (view.moves ?? []).some(m => m.rejected) ||
    (view.last?.events ?? []).some(e => PROPOSAL_EVENTS.has(e.kind))
  );
}

/** Whether a sentence names a move by its squares (`e2e4`) rather than in SAN. */
const namesMoveBySquares = (sentence: string): boolean => /\b[A-Z]?[a-p]\d{1,2}[A-Z]?[a-p]\d{1,2}/.test(sentence);

/** A rejected mover plays another move, which stands. */
const mustReplace = (view: View): boolean => !!view.pending?.rejected && view.legal.length > 0;

export const rejection: VariantUi = {
  id: 'rejection',
  premoves: false,
  commandLabels: { accept: 'Accept', reject: 'Reject' },
  decisions: {
    answer_proposal: {
      saidByPrompt: () => ['proposed'],
      prompt(page) {
        const { view } = page;
        const p = view.pending?.proposal;
        const text = typeof p === 'string' ? p : (p?.text ?? '');
        const san = view.pending?.san ?? (typeof p === 'object' ? p?.san : undefined) ?? text;
        const proposer = view.to_act === 'white' ? 'Black' : 'White';
        const squares = MOVE_SQUARES.exec(text);
        const [from, to] = squares ? [squares[1], squares[2]] : typeof p === 'object' ? [p?.from, p?.to] : [];
        if (from && to) page.arrow(from, to, 'yellow');
        return el(
          'p',
          'proposal',
          view.legal.length
            ? `${proposer} proposes ${san}. Accept it, or reject it and they must play another move.`
            : `The proposal ${san} waits for ${seatName(view.to_act)}'s answer.`,
        );
      },
    },
    move: {
      saidByPrompt: view => (mustReplace(view) ? ['rejected'] : []),
      prompt: ({ view }) => (mustReplace(view) ? el('p', 'rejected', `Your proposal ${rejectedSan(view)} was rejected: play another move; that one stands.`) : null),
    },
  },
  // Where moves are proposed, the prompt, the events and the move list say each proposal and answer in SAN.
  showsNote: (view, note) => !(hasProposals(view) && namesMoveBySquares(note)),
};
