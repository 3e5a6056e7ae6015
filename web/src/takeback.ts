// Takebacks on the game page, as lichess has them (docs/protocol.md,
// "Takebacks"): "Propose a takeback" while the player has a move to take
// back, "Accept" / "Decline" when the opponent proposes one, and in words
// what happened ("Black took back 1...e5"). All of it is read from the
// server's state (its `takeback` part): the server decides where takebacks
// exist (a casual game of a variant without dice or secrets), so this file
// names no variant. It also reads the state's `length` (the replay API's
// count of plies, shorter than `ply` once moves were taken back) for the
// page's past positions.

import { el } from './dom';
import { seatName } from './seats';
import type { Color } from './view';

interface Proposal {
  by: Color;
  moves: string[];
  words: string;
}

interface Answer {
  by: Color;
  accepted: boolean;
  moves: string[];
  words: string;
}

interface TakebackState {
  allowed: boolean;
  proposal: Proposal | null;
  left: Record<Color, number>;
  last: Answer | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The replay's view of the game, for the page's past positions. */
export interface ReplayLength {
  /** The replay API's number of plies (the state's `length`), once a state said it. */
  length?: number;
  /** The last state took moves back: past positions read before are stale. */
  tookBack: boolean;
  /** The last state's game made no action (a takeback word): no move to hear or announce again. */
  noAction: boolean;
}

export class TakebackPanel {
  readonly element = el('div', 'takeback');
  private length: number | undefined;
  private tookBack = false;
  private noAction = false;

  constructor(private readonly send: (action: string) => void) {
    this.element.hidden = true;
  }

  /** The replay's length and whether moves were just taken back. */
  replay(): ReplayLength {
    return { length: this.length, tookBack: this.tookBack, noAction: this.noAction };
  }

  /** A frame from the server: a state is read for its takeback part (true); nothing is claimed from the page. */
  hear(raw: unknown): boolean {
    if (!isObject(raw) || raw.type !== 'state') return false;
    const length = typeof raw.length === 'number' ? raw.length : undefined;
    this.tookBack = length !== undefined && this.length !== undefined && length < this.length;
    this.noAction = length !== undefined && this.length !== undefined && length <= this.length;
    this.length = length;
    const you = raw.you === 'white' || raw.you === 'black' ? (raw.you as Color) : null;
    const view = isObject(raw.view) ? raw.view : {};
    const moves = Array.isArray(view.moves) ? (view.moves as { seat?: string; rejected?: boolean }[]) : [];
    const hasMove = !!you && moves.some(m => m.seat === you && !m.rejected);
    this.render(isObject(raw.takeback) ? (raw.takeback as unknown as TakebackState) : null, raw.status === 'playing', you, hasMove);
    return true;
  }

  private button(action: string, label: string): HTMLButtonElement {
    const b = el('button', 'game-button takeback-button', label);
    b.type = 'button';
    b.dataset.action = action;
    b.addEventListener('click', () => {
      b.disabled = true;
      this.send(action);
    });
    return b;
  }

  private render(state: TakebackState | null, playing: boolean, you: Color | null, hasMove: boolean): void {
    this.element.replaceChildren();
    if (!state || !state.allowed || !playing) {
      this.element.hidden = true;
      return;
    }
    if (state.last) {
      const news = el('p', `takeback-news ${state.last.accepted ? 'accepted' : 'declined'}`, `${state.last.words}.`);
      news.setAttribute('role', 'status');
      this.element.append(news);
    }
    const proposal = state.proposal;
    if (proposal && proposal.by !== you) {
      this.element.append(el('p', 'takeback-proposal', `${proposal.words}.`));
      if (you) this.element.append(this.button('accept takeback', 'Accept'), this.button('decline takeback', 'Decline'));
    } else if (proposal) {
      const mine = proposal.words.replace(/^\S+ proposes/, 'You propose');
      this.element.append(el('p', 'takeback-proposal', `${mine}: waiting for ${seatName(proposal.by === 'white' ? 'black' : 'white')}'s answer.`));
    } else if (you && hasMove && state.left[you] > 0) {
      this.element.append(this.button('propose takeback', 'Propose a takeback'));
    } else if (you && state.left[you] === 0) {
      this.element.append(el('p', 'takeback-spent', 'Your takeback proposals were declined too often: no more in this game.'));
    }
    this.element.hidden = this.element.childElementCount === 0;
  }
}
