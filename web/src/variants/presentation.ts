// How each variant is drawn: the only variant-specific knowledge of the UI
// outside the data the referee sends. Rules never live here: moves, choices
// and what a seat may see all come from the View.

import type { Turn } from '../layout';
import type { BoardView, Color, View } from '../view';
import { notesBoard, worldTitle } from './looking-glass';

export interface Presentation {
  /** Boards drawn turned, by board letter. */
  turned?: Record<string, Turn>;
  /** A board's title under it, by board letter. */
  boardTitles?: Record<string, string>;
  /** Piece images that differ from the role's usual one, by role name. */
  pieceImages?: Record<string, string>;
  /** A board the view does not hold but the page draws from what the player was told (Looking-Glass's unseen world). */
  notesBoard?: (view: View, seat: Color | null) => BoardView | null;
  /** The notes board's title, by board letter. */
  notesTitles?: Record<string, string>;
  /** A player's name for the variant. */
  title?: string;
  /** How a legal move's note reads: the list's title and the words before a hovered note. */
  moveNotes?: MoveNotes;
  /** What a viewer without boards (a spectator of a game of secrets) is told before the end. */
  hiddenBoards?: string;
  /**
   * false: the player's next decision is never a plain move that could be
   * made ahead (an answer to a proposal, a rebirth chosen with a capture, a
   * roll after the move, an order into an unseen world): no premoves.
   */
  premoves?: boolean;
  /** Words the referee reads for an action besides its text (docs/notation.md), by word: typed, they mean that action. */
  typedWords?: Record<string, string>;
}

/** Bermuda's notes are survival odds ("c3: survives 35/36"); other notes are words of their own. */
export interface MoveNotes {
  title: string;
  hoverPrefix: string;
}

const plainNotes: MoveNotes = { title: 'About these moves:', hoverPrefix: '' };

const presentations: Record<string, Presentation> = {
  chess: { title: 'Chess' },
  'bermuda-angle': { title: 'Bermuda Chess Angle', premoves: false, moveNotes: { title: 'Survival odds:', hoverPrefix: 'survives ' } },
  'bermuda-two-board': {
    title: 'Bermuda chess (two boards)',
    turned: { U: 'quarter' },
    boardTitles: { L: 'Lower board (human pieces)', U: 'Upper board (alien pieces), quarter-turned' },
  },
  // Bede's pawns move diagonally and capture straight: their own image.
  bede: { title: 'Bede Chess', pieceImages: { pawn: 'bede-pawn' } },
  rejection: { title: 'Rejection', premoves: false, typedWords: { a: 'accept', r: 'reject' } },
  circe: { title: 'Circe (Newport rules)', premoves: false },
  portal: { title: 'Portal' },
  beirut: { title: 'Beirut', typedWords: { bomb: 'detonate' } },
  'knights-are-god': { title: 'Knights are God' },
  'looking-glass': {
    title: 'Through the Looking-Glass',
    premoves: false,
    boardTitles: { R: worldTitle('R', false), M: worldTitle('M', false) },
    notesBoard,
    notesTitles: { R: worldTitle('R', true), M: worldTitle('M', true) },
    hiddenBoards: 'Both worlds are hidden from spectators until the game ends: each player sees only its own. Both are shown after the end.',
  },
};

export function presentationOf(variant: string): Presentation {
  return presentations[variant] ?? { title: variant };
}

export function moveNotesOf(variant: string): MoveNotes {
  return presentationOf(variant).moveNotes ?? plainNotes;
}
