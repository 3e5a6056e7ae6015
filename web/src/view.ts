// The referee's View as JSON (docs/protocol.md, the session-20 contract):
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
  /** answer_proposal: the proposed move. */
  proposal?: { text?: string; san?: string; from?: string; to?: string } | string;
}

export interface LegalAction {
  /** Exactly what is sent back in `{"action": text}`. */
  text: string;
  from?: string;
  to?: string;
  san?: string;
  promotion?: string;
  /** A choice that is part of the move (Circe: "reborn c1"). */
  choice?: string;
  /** A note on the move (bermuda-angle: survival odds "33/36"). */
  note?: string;
}

export interface GameEvent {
  kind: string;
  words?: string;
  [field: string]: unknown;
}

export interface LastAction {
  seat: Seat;
  text: string;
  san?: string;
  events?: GameEvent[];
}

export interface MoveListEntry {
  seat: Seat;
  san: string;
}

export interface Outcome {
  result: string;
  reason?: string;
  words?: string;
}

export interface SpecialSquares {
  label: string;
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
  knowledge?: { own_carrier?: string | null; last_roll?: string | null; [k: string]: unknown } | null;
  /** One group, or several (the contract shows one). */
  special_squares?: SpecialSquares | SpecialSquares[] | null;
  outcome?: Outcome | null;
  reveal?: Record<string, unknown> | null;
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
    }
  | { type: 'error'; error: ActionErrorBody };

export function specialSquareGroups(view: View): SpecialSquares[] {
  const s = view.special_squares;
  if (!s) return [];
  return Array.isArray(s) ? s : [s];
}
