// The referee's View as JSON (docs/protocol.md, the contract the server keeps):
// what one viewer may see now. The UI renders only what is here, and renders
// all of it afresh from each view, so nothing from an earlier view (another
// seat's, say) lingers on the page.

export type Seat = 'white' | 'black' | 'chance';
export type Viewer = 'white' | 'black' | 'spectator' | 'referee';
export type Color = 'white' | 'black';

export interface PieceOnBoard {
  /** In the board's own coordinates; with a board letter (`Le4`) on multi-board games. */
  square: string;
  color: Color;
  role: string;
  letter: string;
}

export interface BoardView {
  /** null on one-board games; "L" / "U" (or a longer name) on multi-board games. */
  name: string | null;
  files: number;
  ranks: number;
  pieces: PieceOnBoard[];
}

export type PendingKind = 'move' | 'answer_proposal' | 'choose_carrier' | 'roll';

export interface Pending {
  kind: PendingKind | string;
  /** answer_proposal: the proposed move's action text ("e2e4"). */
  proposal?: string | { text?: string; san?: string; from?: string; to?: string };
  /** answer_proposal: the proposed move in SAN. */
  san?: string;
  /** move (Rejection): the proposal that was rejected, which may not be played again. */
  rejected?: string | null;
  /** move_for_opponent (Looking-Glass): the forfeiting side whose move this seat chooses. */
  for_side?: Color;
  /** roll: the move after which the dice decide. */
  after?: string;
}

export interface LegalAction {
  /** Exactly what is sent back as the action. */
  text: string;
  from?: string | null;
  to?: string | null;
  san?: string | null;
  promotion?: string | null;
  /** A choice that is part of the move (Circe: "reborn c1"). */
  choice?: string | null;
  /** A note on the move (bermuda-angle: survival odds "33/36"). */
  note?: string | null;
}

export interface GameEvent {
  kind: string;
  words?: string;
  [field: string]: unknown;
}

export interface LastAction {
  seat: Seat;
  /** null when the action is secret to this viewer (a Beirut carrier). */
  text: string | null;
  san?: string | null;
  events?: GameEvent[];
}

export interface MoveListEntry {
  seat: Seat;
  san: string;
  /** Rejection: the move was proposed and rejected; it did not stand. */
  rejected?: boolean;
}

export interface Outcome {
  result: string;
  winner?: Color | null;
  reason?: string;
  words?: string;
}

export interface SpecialSquares {
  label: string;
  /** What players call them ("the portals"). */
  name?: string;
  squares: string[];
}

export interface View {
  variant: string;
  boards: BoardView[];
  fen?: string;
  to_act: Seat | null;
  pending?: Pending | null;
  legal: LegalAction[];
  last?: LastAction | null;
  moves?: MoveListEntry[];
  knowledge?: { own_carrier?: string | null; last_roll?: string | null; notes?: string[]; [k: string]: unknown } | null;
  /** One group, or several (the contract shows one). */
  special_squares?: SpecialSquares | SpecialSquares[] | null;
  /** The side whose draw offer waits for an answer. */
  draw_offer?: Seat | null;
  outcome?: Outcome | null;
  /** At the end of a game with hidden information: what was hidden (the true FEN, events with words). */
  reveal?: { fen?: string; events?: GameEvent[]; [k: string]: unknown } | null;
}

/** Time left on each clock; `running` is the clock that ticks now. Sent by the server beside a view. */
export interface Clocks {
  white_ms: number;
  black_ms: number;
  running: Color | null;
}

export interface ActionErrorBody {
  code: string;
  message: string;
}

/** The server's game around the view (its `state` message): who sits where, whether it has started or ended, and how. */
export interface GameMeta {
  id: string;
  status: 'waiting' | 'playing' | 'ended' | 'aborted' | string;
  players: { white: string | null; black: string | null };
  /** Set when the game is over: the result ("1-0") and its reason in words ("White wins on time"). */
  result: { result: string | null; words: string } | null;
  /** The game's rule options that are on (Looking-Glass: `forfeit`). */
  options: string[];
  /** Whether the game is rated; absent from a server that does not say. */
  rated?: boolean;
  /**
   * When the server calls the game off unless someone acts (Unix ms, the
   * server's clock): a first move due, or a challenge link's expiry; null
   * when nothing is pending, absent from a server that does not say.
   */
  abort_at_ms?: number | null;
}

/** What the server sends a seat over the WebSocket. */
export type ServerMessage =
  | {
      type: 'view';
      view: View;
      viewer?: Viewer;
      clocks?: Clocks | null;
      /** bermuda-angle on the server: the SHA-256 commitment to the dice seed; the seed once the game is over. */
      dice?: { commitment: string; seed: string | null } | null;
      /** Whether the abort button may be offered (the server says; else: before the viewer's first move). */
      abortable?: boolean;
      /** The length of the action log; an action sent now carries it. */
      ply?: number;
      /** The server's game (absent in the contract's bare `view` message). */
      game?: GameMeta;
    }
  /** A seat of this finished game offers a rematch: the new game `id`, with colours swapped. */
  | { type: 'rematch'; id: string; by: Color }
  | { type: 'error'; error: ActionErrorBody };

/** The kind of a group of special squares, for styling: "portals (f3<->b5, f6<->b4)" -> "portal", "angle (c3-h8)" -> "angle". */
export function specialKind(group: SpecialSquares): string {
  const word = group.label.trim().split(/[\s(]/)[0].toLowerCase();
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

export function specialSquareGroups(view: View): SpecialSquares[] {
  const s = view.special_squares;
  if (!s) return [];
  return Array.isArray(s) ? s : [s];
}
