// The analysis board: the game page's boards and input (game.ts in its
// analysis mode: every variant drawn as in a game, its decisions offered as
// there) over the live analysis socket instead of a game's. The page is the
// page's transport: an action the user makes goes into the line of actions
// played from the start, and the socket is asked about the position after
// the actions shown; the position it answers (with its legal actions) is
// drawn, and the engine's evaluations go to the engine panel.

import { AnalysisMoves, type Judgement } from './analysis-moves';
import { EnginePanel } from './analysis-engine';
import { AnalysisSocket, type AnalysisMessage } from './analysis-socket';
import type { ComputerAnalysis } from './analysis-report';
import { GamePage } from './game';
import { el } from './dom';
import type { Transport } from './transport';
import type { MoveListEntry, Seat, ServerMessage, View } from './view';

/** A line to analyse: the variant, its start (null: the variant's own), and the actions played from there, with who made each. */
export interface Line {
  variant: string;
  fen: string | null;
  actions: string[];
  seats: Seat[];
}

/** How long the page waits before asking again when the engine is busy or asked too fast. */
const RETRY_MS: Record<string, number> = { busy: 4000, too_fast: 1500 };

/** The protocol's errors in players' words (the server's own words follow where they say which move or why). */
function errorWords(code: string, message: string): string {
  switch (code) {
    case 'busy':
      return "The engine is busy with other players' analyses; it tries again in a few seconds.";
    case 'too_fast':
      return 'Too many requests at once: the engine waits a moment and tries again.';
    case 'unknown_variant':
      return `This server does not know that variant: ${message}`;
    case 'bad_position':
      return `That position cannot be set up: ${message}`;
    case 'illegal':
      return `A move of this line is not legal: ${message}`;
    case 'too_large':
      return `This line is too long to analyse: ${message}`;
    default:
      return `The engine could not analyse this: ${message || code}`;
  }
}

export class AnalysisBoard implements Transport {
  readonly page: GamePage;
  readonly engine = new EnginePanel(() => this.ask());
  readonly moves = new AnalysisMoves(count => this.goto(count ?? this.line.actions.length));
  private readonly handlers: ((message: ServerMessage) => void)[] = [];
  private readonly socket: AnalysisSocket;
  private line: Line = { variant: 'chess', fen: null, actions: [], seats: [] };
  /** The moves of the line as the referee writes them, by action index (known once a position with them was analysed). */
  private sans: string[] = [];
  /** The number of actions played on the board. */
  private shown = 0;
  /** Requests not yet answered with a position: evaluations before the answer are of an older search. */
  private awaiting = 0;
  private view: View | null = null;
  private retry: number | undefined;
  /** A finished game's actions and the computer analysis's judgements of them; a line that leaves the game keeps those before it left. */
  private game: { line: Line; judgements: Map<number, Judgement>; sans: (string | undefined)[]; report: ComputerAnalysis | null } | null = null;
  /** Shown once the line has left the game's: takes the board back to the game's moves. */
  private readonly backToGame = el('button', 'back-to-game', "Back to the game's moves");

  constructor(root: HTMLElement, socketUrl: string) {
    this.page = new GamePage(root, this, 'referee', { analysis: true });
    this.backToGame.type = 'button';
    this.backToGame.hidden = true;
    this.backToGame.addEventListener('click', () => this.game && this.load(this.game.line, Math.min(this.shown, this.agreeing)));
    this.moves.element.append(this.backToGame);
    this.page.gameSlot.append(this.engine.element, this.moves.element);
    this.socket = new AnalysisSocket(
      socketUrl,
      m => this.hear(m),
      seconds => {
        // The requests on their way are lost with the connection: the socket asks for the last one again, and only its answer counts.
        this.awaiting = 1;
        this.engine.showError(`The connection to the engine was lost; connecting again in ${seconds} s…`);
      },
    );
  }

  // --- Transport: the game page's side --------------------------------------

  listen(handler: (message: ServerMessage) => void): void {
    this.handlers.push(handler);
  }

  /** An action made on the board: the next of the line when it is the one there, else the line goes on from here with it. */
  send(action: string): void {
    const { actions, seats } = this.line;
    if (actions[this.shown] !== action) {
      const seat: Seat = this.view?.to_act ?? 'white';
      this.line = { ...this.line, actions: [...actions.slice(0, this.shown), action], seats: [...seats.slice(0, this.shown), seat] };
      this.sans = this.sans.slice(0, this.shown);
    }
    this.shown++;
    this.ask();
  }

  // --- the line ---------------------------------------------------------------

  /** Analyses `line` from its start, showing `shown` of its actions (all by default). */
  load(line: Line, shown = line.actions.length): void {
    this.line = line;
    this.sans = [];
    this.shown = shown;
    this.ask();
  }

  /** The line is a finished game's: its computer analysis (`report`) judges its moves. */
  followGame(report: ComputerAnalysis | null): void {
    this.game = { line: this.line, judgements: new Map(), sans: [], report };
  }

  /** The computer analysis's judgements of the game's moves, by action index, and its moves in SAN (for those the socket has not written yet). */
  judge(judgements: Map<number, Judgement>, sans: (string | undefined)[]): void {
    if (!this.game) return;
    this.game.judgements = judgements;
    this.game.sans = sans;
    this.renderMoves();
  }

  /** Shows the position after `count` actions of the line. */
  goto(count: number): void {
    const to = Math.max(0, Math.min(count, this.line.actions.length));
    if (to === this.shown && this.view) return;
    this.shown = to;
    this.ask();
  }

  private ask(): void {
    window.clearTimeout(this.retry);
    this.awaiting++;
    this.engine.searching();
    this.renderMoves();
    this.socket.analyse({ variant: this.line.variant, fen: this.line.fen, actions: this.line.actions.slice(0, this.shown), lines: this.engine.lines });
  }

  private hear(message: AnalysisMessage): void {
    if (message.type === 'position') {
      this.awaiting = Math.max(0, this.awaiting - 1);
      if (this.awaiting) return; // a later request is on its way: its answer is drawn
      this.view = message.view;
      message.san.forEach((san, i) => (this.sans[i] = san));
      for (const handler of this.handlers) handler({ type: 'view', view: message.view });
      this.renderMoves();
      return;
    }
    if (message.type === 'eval') {
      if (!this.awaiting) this.engine.show(message);
      return;
    }
    this.awaiting = Math.max(0, this.awaiting - 1);
    const wait = RETRY_MS[message.code];
    const again = () => this.ask();
    this.engine.showError(errorWords(message.code, message.message), wait ? again : undefined);
    if (wait) this.retry = window.setTimeout(again, wait);
  }

  /** The number of the line's first actions that are the game's (all of them off a game). */
  private get agreeing(): number {
    const game = this.game?.line.actions;
    if (!game) return this.line.actions.length;
    let n = 0;
    while (n < this.line.actions.length && this.line.actions[n] === game[n]) n++;
    return n;
  }

  private renderMoves(): void {
    const agreeing = this.agreeing;
    const san = (action: string, i: number) => this.sans[i] ?? (i < agreeing ? this.game?.sans[i] : undefined) ?? action;
    const entries: MoveListEntry[] = this.line.actions.map((action, i) => ({ seat: this.line.seats[i] ?? 'white', san: san(action, i) }));
    const judgements = new Map([...(this.game?.judgements ?? [])].filter(([i]) => i < agreeing));
    this.moves.render(entries, this.shown, judgements);
    this.backToGame.hidden = !this.game || this.line === this.game.line;
    this.game?.report?.mark(this.shown);
  }
}
