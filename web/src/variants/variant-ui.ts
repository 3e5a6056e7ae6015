// What one variant adds to the game page, behind one interface: each
// variant's file (variants/<id>.ts) holds an object of this shape, and the
// registry (variants/index.ts) finds it by the view's variant or by the
// kind of decision pending. Rules never live here: moves, choices and what a
// seat may see all come from the View; the names and typed words come from
// the server's descriptors (GET /api/variants).

import type { Turn } from '../layout';
import type { BoardView, Color, LegalAction, View } from '../view';

/** How a legal move's note reads: the list's title and the words before a hovered note. */
export interface MoveNotes {
  title: string;
  hoverPrefix: string;
}

/** A mark on squares of the boards: a class, a tooltip, and a small piece image in the square's corner. */
export interface SquareMark {
  /** The CSS class set on the squares (board.ts `mark`). */
  kind: string;
  squares: string[];
  title?: (square: string) => string;
  /** A piece drawn small on the square (what a piece copies, the power it holds). */
  badge?: (square: string) => { color: Color; role: string } | null;
}

/** What a decision's prompt may do on the page. */
export interface DecisionPage {
  readonly view: View;
  /** The viewer's seat, null for a spectator. */
  readonly seat: Color | null;
  /** A square the player picked for this decision, which a button then confirms (null: none yet). */
  readonly picked: string | null;
  send(text: string): void;
  showError(text: string): void;
  /** Draws an arrow on the board that holds `from`. */
  arrow(from: string, to: string, brush: string): void;
  /** Brings the boards and the header back into sight after a choice made below them. */
  showBoards(): void;
}

/** A decision that is not a plain move (an answer, a setup, a roll), or the moves under a condition of the variant's. */
export interface Decision {
  /** The side whose pieces the acting seat moves, when it is not its own (a move chosen for a forfeiting opponent). */
  mover?(view: View): Color | undefined;
  /** The header's words while this decision waits; undefined: "Your turn" or "White to play". */
  turnWords?(view: View, seat: Color | null): string | undefined;
  /** What the prompt shows; null: nothing. */
  prompt?(page: DecisionPage): Node | null;
  /** The kinds of the last action's events the prompt says already, so the event lines leave them out. */
  saidByPrompt?(view: View): string[];
  /** Actions the prompt offers in its own way, which get no button of their own. */
  offers?(action: LegalAction): boolean;
  /**
   * A click on a board square while this decision waits: the square the
   * player picks (the prompt then offers to confirm it), or a sentence
   * saying why that square cannot be picked; undefined: the click is an
   * ordinary one (a move).
   */
  pick?(view: View, square: string, seat: Color | null): { square: string } | { error: string } | undefined;
  /** The mark (a CSS class) of the picked square. */
  pickedMark?: string;
}

export interface VariantUi {
  /** The variant's id, as in GET /api/variants and the view. */
  id: string;
  /** Boards drawn turned, by board letter. */
  turned?: Record<string, Turn>;
  /** A board's title under it, by board letter. */
  boardTitles?: Record<string, string>;
  /** Piece images that differ from the role's usual one, by role name. */
  pieceImages?: Record<string, string>;
  /** A board the view does not hold but the page draws from what the player was told. */
  notesBoard?: (view: View, seat: Color | null) => BoardView | null;
  /** The notes board's title, by board letter. */
  notesTitles?: Record<string, string>;
  /** The list of moves on the notes board: its summary, given how many there are and one to type. */
  notesOrders?: (count: number, example: string) => string;
  /** How a legal move's note reads. */
  moveNotes?: MoveNotes;
  /** What a viewer without boards (a spectator of a game of secrets) is told before the end. */
  hiddenBoards?: string;
  /**
   * false: the player's next decision is never a plain move that could be
   * made ahead (an answer to a proposal, a rebirth chosen with a capture, a
   * roll after the move, an order into an unseen world): no premoves.
   */
  premoves?: boolean;
  /** Button labels of the variant's own commands, by action text. */
  commandLabels?: Record<string, string>;
  /** The decisions this variant owns, by pending kind (`move` too: moves under a condition of its own). */
  decisions?: Record<string, Decision>;
  /** Marks on the boards beyond the view's special squares: what a piece can do now, what only this viewer knows. */
  marks?(view: View): SquareMark[];
  /** Sentences beside the board saying what the marks show (a phone has no tooltips). */
  powerNotes?(view: View): string[];
  /**
   * A line of the viewer's knowledge in words, by its key: a string, or null
   * to leave it out (`notes`: whether the knowledge's notes were shown);
   * undefined: the key and value as they are.
   */
  knowledgeLine?(key: string, value: unknown, notes: boolean): string | null | undefined;
  /** Whether a note of the viewer's knowledge is worth showing (false: the prompt or move list says it better). */
  showsNote?(view: View, note: string): boolean;
}
