// The game page: boards, clocks, the move list, the prompt for what the
// viewer must decide now, and the buttons. Everything on it is drawn from the
// latest View alone (plus the clocks beside it), so a view for another seat
// or a spectator never inherits what an earlier view showed.

import { Board } from './board';
import { el, link } from './dom';
import { ClockPair } from './clock';
import { FlipControl } from './flip';
import { premoveAction, premoveAllowed, type Premove } from './premove';
import { PastPositions } from './history';
import { Announcer } from './announcer';
import type { Heard } from './heard';
import { Sounds, soundOfUpdate } from './sounds';
import { playerLabel, type RatingChanges } from './players';
import type { ReplayLength } from './takeback';
import { candidates, commands, destinations, isBoardMove, movesTo, nextChoice, parseTyped, typingHint, type Choice, type PieceAt } from './input';
import { decisionOf, moveNotesOf, nameOf, typedWordsOf, variantCatalog, variantUi, type Decision, type DecisionPage } from './variants';
import { imageOf, imageUrl } from './pieces';
import { checkedKings } from './check';
import { carriedOut, describeEvents, eventMarks } from './events';
import type { Transport } from './transport';
import type { BoardView, Clocks, Color, GameEvent, LegalAction, ServerMessage, View, Viewer } from './view';
import { specialKind, specialSquareGroups } from './view';
import { seatName } from './seats';


/** Button labels for action texts that are no board move (a variant's own commands are labelled by the variant). */
const commandLabels: Record<string, string> = {
  'accept draw': 'Accept the draw',
  'decline draw': 'Decline the draw',
  'offer draw': 'Offer a draw',
  resign: 'Resign',
  abort: 'Abort',
};

/** A die, drawn here (no emoji font is needed); it spins when a roll arrives. */
const DIE_SVG = '<svg viewBox="0 0 20 20" width="100%" height="100%" aria-hidden="true"><rect x="1" y="1" width="18" height="18" rx="4" fill="#fff" stroke="#222" stroke-width="1.5"/><g fill="#222"><circle cx="6" cy="6" r="1.7"/><circle cx="14" cy="6" r="1.7"/><circle cx="10" cy="10" r="1.7"/><circle cx="6" cy="14" r="1.7"/><circle cx="14" cy="14" r="1.7"/></g></svg>';

/**
 * How the page is used: a game's (a seat or a spectator), or the analysis
 * board (`analysis`), where the user moves whichever side is to act, with
 * no clocks, game buttons or premoves, and the analysis page's own move list.
 */
export interface PageMode {
  analysis?: boolean;
}

export class GamePage {
  private readonly root: HTMLElement;
  private readonly header = el('header', 'status');
  private readonly boardsEl = el('div', 'boards');
  private readonly main = el('main', 'play');
  private readonly panel = el('aside', 'panel');
  private readonly clocks = new ClockPair(side => this.lowTime(side));
  private readonly sounds = new Sounds();
  private readonly flip = new FlipControl(() => this.view && this.render(this.view, null, false));
  /** The controls over the board: flip, sound. */
  private readonly tools = el('div', 'board-tools');
  private readonly prompt = el('div', 'prompt');
  private readonly actions = el('div', 'actions');
  private readonly eventsEl = el('div', 'events');
  private readonly diceEl = el('div', 'dice');
  private readonly proofEl = el('p', 'dice-proof');
  private readonly keyboard = el('form', 'keyboard');
  private readonly moveInput = el('input');
  /** What may be typed now, with examples from the legal list. */
  private readonly typingHintEl = el('p', 'typing-hint');
  private readonly past = new PastPositions(
    view => this.showPast(view),
    () => ({ ply: this.stateExtras.length ?? this.ply, moves: this.live?.moves ?? [] }),
    message => this.showError(message),
  );
  private readonly announcer = new Announcer();
  private readonly gameButtons = el('div', 'game-buttons');
  private readonly errorEl = el('div', 'error');
  private readonly revealEl = el('div', 'reveal');
  private readonly knowledgeEl = el('div', 'knowledge');
  private readonly notesEl = el('p', 'move-notes');
  /** What the variant's marks show of the pieces' powers now, in words (a phone shows no tooltips). */
  private readonly powersEl = el('div', 'power-notes');
  private readonly odds = el('div', 'odds');
  /** What the page around the board adds (the server's game: players, waiting, rematch). */
  readonly gameSlot = el('div', 'game-slot');
  /** The server's game's chat (chat.ts), under the panel. */
  readonly chatSlot = el('div', 'chat-slot');

  private boards: Board[] = [];
  private boardsKey = '';
  /** The board drawn from the player's knowledge (a world the player cannot see), if any. */
  private notes: BoardView | null = null;
  /** The view drawn: the live one, or a past one while the player steps through the moves. */
  private view: View | null = null;
  /** The latest view from the referee. */
  private live: View | null = null;
  private viewer: Viewer;
  private selected: string | null = null;
  private choosing: LegalAction[] | null = null;
  /** The square picked for the pending decision (a piece to set up), taken only when the player confirms. */
  private picked: string | null = null;
  private resignArmed = false;
  /** The move made ahead while the opponent is to move, played when the turn comes if legal. */
  private premove: Premove | null = null;
  private dice: { commitment: string; seed: string | null } | null = null;
  private abortable: boolean | undefined;
  private status: string | undefined;
  /** The players and whether the game runs, as last shown by the clocks. */
  private playersKey = '';
  /** The ply of the last state (the server's; absent from a bare view). */
  private ply: number | undefined;
  /** What the server's state says beyond the message (game-main reads it first): the replay's length and moves taken back (takeback.ts), the rating change (players.ts). */
  stateExtras: ReplayLength & { ratingChanges?: RatingChanges | null } = { tookBack: false, noAction: false };

  constructor(root: HTMLElement, private readonly transport: Transport, viewer: Viewer, private readonly mode: PageMode = {}) {
    this.root = root;
    this.viewer = viewer;
    root.classList.add('game');
    this.errorEl.setAttribute('role', 'alert');
    this.odds.hidden = true;
    this.diceEl.hidden = true;
    this.moveInput.type = 'text';
    this.moveInput.name = 'move';
    this.moveInput.autocomplete = 'off';
    this.moveInput.placeholder = 'Type a move, then Enter';
    this.moveInput.setAttribute('aria-label', 'Type a move');
    this.keyboard.append(this.moveInput, this.typingHintEl);
    this.keyboard.addEventListener('submit', e => {
      e.preventDefault();
      this.typed(this.moveInput.value);
    });
    const side = el('div', 'side');
    side.append(this.gameSlot, this.prompt, this.powersEl, this.notesEl, this.actions, this.knowledgeEl, this.diceEl, this.proofEl, this.eventsEl, this.keyboard);
    if (!mode.analysis) side.append(this.past.list.element, this.past.list.nav, this.gameButtons);
    side.append(this.revealEl);
    this.tools.append(this.flip.button, this.sounds.button);
    this.panel.append(this.tools, this.errorEl, side, this.chatSlot);
    const boardArea = el('div', 'board-area');
    boardArea.append(this.clocks.top, this.boardsEl, this.clocks.bottom);
    this.main.append(boardArea, this.panel);
    root.replaceChildren(this.header, this.past.note, this.main, this.odds, this.announcer.element);
    transport.listen(m => this.receive(m));
    // The variants' names and typed words come once from the server: the header and the typing hint say them when they arrive.
    void variantCatalog().then(() => this.view && this.renderNames(this.view));
  }

  /** Takes the boards off the page (the harness loads another fixture). */
  destroy(): void {
    for (const b of this.boards) b.destroy();
    this.boards = [];
  }

  receive(message: ServerMessage): void {
    if (message.type === 'rematch') return; // the game's own controls answer it
    if (message.type === 'error' && message.error.code === 'no_such_game') {
      this.showGone(message.error.message);
      return;
    }
    if (message.type === 'error') {
      this.showError(message.error.message || message.error.code);
      // The state is unchanged after an error: show the last view's position again.
      if (this.view) this.render(this.view, null, false);
      return;
    }
    // A takeback word moves the log on but plays nothing: no sound, nothing announced again (takeback.ts says what happened).
    const heard: Heard = { view: this.live, ply: this.stateExtras.noAction ? message.ply : this.ply, status: this.status };
    if (message.viewer) this.viewer = message.viewer;
    this.dice = message.dice ?? null;
    this.abortable = message.abortable;
    this.status = message.game?.status;
    if (message.ply !== undefined) this.root.dataset.ply = String(message.ply);
    this.showPlayers(message);
    this.errorEl.textContent = '';
    this.past.follow(message.game?.id, (!!message.view.outcome && !this.live?.outcome) || this.stateExtras.tookBack);
    this.live = message.view;
    if (this.past.viewing) this.liveWhileStepping(message.view, message.clocks ?? null);
    else this.render(message.view, message.clocks ?? null, true);
    this.ply = message.ply;
    const now = { view: message.view, ply: message.ply, status: this.status };
    this.announcer.hear(heard, now);
    const sound = soundOfUpdate(heard, now);
    if (sound) this.sounds.play(sound);
  }

  /** The players' names and ratings by the clocks: asked again when a seat is taken and when the game ends (the ratings moved). */
  private showPlayers(message: Extract<ServerMessage, { type: 'view' }>): void {
    const game = message.game;
    if (!game) return;
    const changes = this.stateExtras.ratingChanges;
    const key = JSON.stringify([game.players, game.status === 'playing' || game.status === 'waiting', changes]);
    if (key === this.playersKey) return;
    this.playersKey = key;
    const variant = message.view.variant;
    this.clocks.setNames({ white: playerLabel(game.players.white, variant, changes?.white), black: playerLabel(game.players.black, variant, changes?.black) });
  }

  /** The game waits for an opponent (the server's state says so). */
  private get waiting(): boolean {
    return this.status === 'waiting';
  }

  private get seat(): Color | null {
    if (this.mode.analysis) {
      const acting = this.view?.to_act;
      return acting === 'white' || acting === 'black' ? acting : null;
    }
    return this.viewer === 'white' || this.viewer === 'black' ? this.viewer : null;
  }

  private send(text: string): void {
    this.odds.hidden = true;
    this.choosing = null;
    this.selected = null;
    this.moveInput.value = '';
    this.transport.send(text);
  }

  /** The game does not exist (a wrong link): said in the header, with the way to the lobby, and nothing else. */
  private showGone(text: string): void {
    this.header.replaceChildren(el('h1', undefined, 'No such game'), el('p', 'no-such-game', text), link('/', 'Go to the lobby'));
    this.main.hidden = true;
  }

  /** The live game moved on while the player looks at a past position: the clocks, the header and the list follow; the board stays. */
  private liveWhileStepping(view: View, clocks: Clocks | null): void {
    this.clocks.set(clocks, !!view.outcome);
    this.renderHeader(view);
    this.past.renderList(view.moves ?? []);
  }

  /** A past position from the move list (nothing offered in it), or the live game again (null). */
  private showPast(view: View | null): void {
    if (!view) {
      if (this.live) this.render(this.live, null, false);
      return;
    }
    // Looking back drops a premove: it was made for the position the player left.
    this.premove = null;
    for (const board of this.boards) board.cancelPremove();
    this.render({ ...view, legal: [] }, null, false);
  }

  /** A running clock went under the low-time mark: the viewer hears it for its own clock. */
  private lowTime(side: Color): void {
    if (side === this.seat && !this.view?.outcome) this.sounds.play('low-time');
  }

  private showError(text: string): void {
    this.errorEl.textContent = text;
  }

  private render(shown: View, clocks: Clocks | null, fresh: boolean): void {
    const previous = this.view;
    // Before the opponent joins nothing can be played: the server refuses every action but abort.
    const view = this.waiting ? { ...shown, legal: [] } : shown;
    this.view = view;
    this.odds.hidden = true;
    this.choosing = null;
    this.selected = null;
    this.picked = null;
    this.resignArmed = false;
    const orientation = this.flip.bottom(this.viewer === 'black' ? 'black' : 'white');
    this.root.dataset.variant = view.variant;
    this.root.dataset.viewer = this.viewer;
    this.buildBoards(view, orientation);

    // A decision may move the other side's pieces (a move chosen for the opponent).
    const actor = decisionOf(view)?.mover?.(view) ?? view.to_act;
    const mover = actor === 'white' || actor === 'black' ? actor : undefined;
    const dests = destinations(view.legal, pieceAtIn(view));
    const premoving = !this.mode.analysis && !this.waiting && !this.past.viewing && premoveAllowed(view, this.seat, variantUi(view.variant).premoves !== false);
    const specs = this.notes ? [...view.boards, this.notes] : view.boards;
    for (const board of this.boards) {
      const spec = specs.find(b => (b.name ? b.name[0].toUpperCase() : null) === board.letter);
      if (spec) board.setPieces(spec);
      const own = new Map<string, string[]>();
      for (const [from, tos] of dests) if (board.owns(from)) own.set(from, tos.filter(t => board.owns(t)));
      board.setMovable(mover, own);
      board.setPremovable(premoving ? this.seat ?? undefined : undefined);
      board.setLastMove(this.lastMoveSquares(view));
      board.setCheck(checkedKings(view));
      board.setShapes([]);
    }
    this.markSquares(view);
    this.renderNames(view);
    this.renderPrompt(view);
    this.renderActions(view);
    this.renderEvents(view, fresh && previous !== null);
    this.renderMoves(view);
    this.renderGameButtons(view);
    this.renderKnowledge(view);
    this.renderPowerNotes(view);
    this.showMoveNotes();
    this.renderReveal(view);
    this.renderDiceProof();
    if (fresh) this.clocks.set(clocks, !!view.outcome);
    this.clocks.orient(orientation);
    this.moveInput.disabled = view.legal.length === 0;
    this.keyboard.hidden = !this.seat || !!view.outcome || this.waiting || this.past.viewing;
    if (fresh) this.playPremove(view, premoving);
  }

  /** A new view: the premove is played when the turn is the player's and it is legal; dropped silently otherwise. */
  private playPremove(view: View, stillAhead: boolean): void {
    const premove = this.premove;
    if (!premove || stillAhead) return;
    this.premove = null;
    for (const board of this.boards) board.cancelPremove();
    const action = view.legal.length ? premoveAction(view.legal, premove, pieceAtIn(view)) : null;
    if (action) this.send(action.text);
  }

  private buildBoards(view: View, orientation: Color): void {
    const pres = variantUi(view.variant);
    this.notes = pres.notesBoard?.(view, this.seat) ?? null;
    const specs = this.notes ? [...view.boards, this.notes] : view.boards;
    const key = JSON.stringify([view.variant, orientation, specs.map(b => [b.name, b.files, b.ranks]), !!this.notes]);
    if (key === this.boardsKey) return;
    for (const b of this.boards) b.destroy();
    this.premove = null;
    this.boardsKey = key;
    this.boardsEl.replaceChildren();
    this.boards = specs.map(spec => {
      const letter = spec.name ? spec.name[0].toUpperCase() : '';
      const notes = spec === this.notes;
      const title = notes ? pres.notesTitles?.[letter] : pres.boardTitles?.[letter];
      const board = new Board(this.boardsEl, spec, view.variant, pres.turned?.[letter] ?? 'none', orientation, title, {
        onMove: (from, to) => this.moved(from, to),
        onSquare: square => this.clicked(square),
        onHover: square => this.hovered(square),
        onPremove: premove => {
          this.premove = premove;
        },
      });
      board.element.classList.toggle('notes-board', notes);
      return board;
    });
    this.nameBoards(view);
    this.boardsEl.dataset.count = String(this.boards.length);
    if (!specs.length && !view.outcome) {
      this.boardsEl.append(el('p', 'boards-hidden', pres.hiddenBoards ?? 'The boards are hidden from spectators until the game ends.'));
    }
  }

  /** Names each board for screen readers by what it is, the variant's board by the variant's name and the side at its bottom (a titled board by its title). */
  private nameBoards(view: View): void {
    for (const board of this.boards) board.name(`${nameOf(view.variant)} board`);
  }

  private boardOf(square: string): Board | undefined {
    return this.boards.find(b => b.owns(square));
  }

  /** The from and to squares of the last action, read from its text ("e7e5", "Ub2Lg2", "d4e5 reborn c1"). */
  private lastMoveSquares(view: View): string[] {
    if (!carriedOut(view.last?.events ?? [])) return [];
    const text = view.last?.text ?? '';
    const m = /^([A-Z]?[a-p]\d{1,2})([A-Z]?[a-p]\d{1,2})/.exec(text);
    return m ? [m[1], m[2]] : [];
  }

  private markOn(kind: string, squares: string[], title?: (s: string) => string): void {
    for (const board of this.boards) board.mark(kind, squares.filter(s => board.owns(s)), title);
  }

  private markSquares(view: View): void {
    const groups = specialSquareGroups(view);
    this.markOn('special', groups.flatMap(g => g.squares), s => {
      const g = groups.find(g => g.squares.includes(s));
      return g?.name ?? g?.label ?? '';
    });
    for (const board of this.boards) {
      for (const g of groups) for (const s of g.squares) board.squareEl(s)?.setAttribute('data-special', specialKind(g));
    }
    const variantMarks = variantUi(view.variant).marks?.(view) ?? [];
    // All cleared first: clearing one kind takes the tooltips off its old squares, which another kind may mark now.
    for (const mark of variantMarks) this.markOn(mark.kind, []);
    for (const mark of variantMarks) {
      this.markOn(mark.kind, mark.squares, mark.title);
      for (const s of mark.squares) {
        const piece = mark.badge?.(s);
        const sq = this.boardOf(s)?.squareEl(s);
        if (sq && piece) sq.style.setProperty('--badge', `url("${imageUrl(piece.color, imageOf(view.variant, piece.role))}")`);
      }
    }
    const marks = eventMarks(view.last?.events ?? []);
    this.markOn('vanished', marks.vanished.map(v => v.square));
    for (const v of marks.vanished) {
      const sq = this.boardOf(v.square)?.squareEl(v.square);
      if (sq && v.color && v.role) sq.style.setProperty('--ghost', `url("${imageUrl(v.color, imageOf(view.variant, v.role))}")`);
    }
    this.markOn('reborn', marks.reborn);
    this.markOn('blast', marks.blast);
    this.markOn('rebirth-option', []);
    const pickedMark = decisionOf(view)?.pickedMark;
    if (pickedMark) this.markOn(pickedMark, this.picked ? [this.picked] : []);
    for (const board of this.boards) {
      board.setShapes(marks.teleports.filter(t => board.owns(t.from)).map(t => ({ from: t.from, to: t.to, brush: 'blue' })));
    }
  }

  /** What the server's descriptors say: the variant's name in the header and the boards' names, its typed words in the hint. */
  private renderNames(view: View): void {
    this.renderHeader(this.live ?? view);
    this.nameBoards(view);
    this.typingHintEl.textContent = typingHint(view.legal, typedWordsOf(view.variant));
  }

  private renderHeader(view: View): void {
    const title = nameOf(view.variant);
    const who = this.mode.analysis ? 'Analysis board' : this.seat ? `You play ${seatName(this.seat)}` : this.viewer === 'spectator' ? 'Watching' : 'Referee';
    const decisionWords = decisionOf(view)?.turnWords?.(view, this.seat);
    let state: string;
    if (this.status === 'waiting') state = 'Waiting for an opponent';
    else if (view.outcome) state = view.outcome.words ?? `${view.outcome.result}${view.outcome.reason ? ': ' + view.outcome.reason : ''}`;
    else if (view.to_act === 'chance') state = 'The dice are rolling…';
    else if (decisionWords) state = decisionWords;
    else if (view.to_act && view.to_act === this.seat && !this.mode.analysis) state = 'Your turn';
    else if (view.to_act) state = `${seatName(view.to_act)} to play`;
    else state = '';
    this.header.replaceChildren(el('h1', undefined, title), el('p', 'who', who), el('p', view.outcome ? 'result' : 'turn', state));
  }

  private renderPrompt(view: View): void {
    this.prompt.replaceChildren();
    if (view.outcome || !view.pending) return;
    const shown = decisionOf(view)?.prompt?.(this.decisionPage(view));
    if (shown) this.prompt.append(shown);
    if (view.draw_offer && view.draw_offer !== this.seat) {
      this.prompt.append(el('p', 'draw-offer', `${seatName(view.draw_offer)} offers a draw.`));
    }
  }

  /** What a variant's decision may do on the page while its prompt is shown. */
  private decisionPage(view: View): DecisionPage {
    return {
      view,
      seat: this.seat,
      picked: this.picked,
      send: text => this.send(text),
      showError: text => this.showError(text),
      arrow: (from, to, brush) => this.boardOf(from)?.setShapes([{ from, to, brush }]),
      showBoards: () => this.header.scrollIntoView({ block: 'start' }),
    };
  }

  private renderActions(view: View): void {
    this.actions.replaceChildren();
    const offered = decisionOf(view)?.offers;
    const labels = { ...commandLabels, ...variantUi(view.variant).commandLabels };
    for (const action of commands(view.legal)) {
      if (offered?.(action)) continue; // the prompt offers it
      const b = el('button', 'action', labels[action.text] ?? action.san ?? action.text);
      b.type = 'button';
      b.dataset.action = action.text;
      b.addEventListener('click', () => this.send(action.text));
      this.actions.append(b);
    }
    this.renderOrders(view);
  }

  /** The moves on the notes board (orders into a world the player cannot see), listed by piece beside it (also for the keyboard). */
  private renderOrders(view: View): void {
    const notes = this.notes;
    const summary = variantUi(view.variant).notesOrders;
    if (!notes || !summary) return;
    const notesBoard = this.boards.find(b => b.letter === notes.name);
    const orders = view.legal.filter(a => isBoardMove(a) && notesBoard?.owns(a.from!));
    if (!orders.length) return;
    const box = el('details', 'orders');
    box.append(el('summary', undefined, summary(orders.length, orders[0].text)));
    for (const [from, tos] of destinations(orders)) {
      const line = el('p', 'order-line', `${from}: `);
      for (const to of tos) {
        const action = orders.find(a => a.from === from && a.to === to)!;
        const b = el('button', 'order', to);
        b.type = 'button';
        b.dataset.action = action.text;
        b.addEventListener('click', () => this.choose(candidates(orders, from, to)));
        line.append(b);
      }
      box.append(line);
    }
    this.actions.append(box);
  }

  private renderEvents(view: View, animate: boolean): void {
    const told = new Set(logLines(view));
    const said = new Set(view.outcome ? [] : (decisionOf(view)?.saidByPrompt?.(view) ?? []));
    const lines = describeEvents((view.last?.events ?? []).filter(e => !said.has(e.kind))).filter(l => !told.has(l));
    this.eventsEl.replaceChildren(...lines.map(l => el('p', 'event', l)));
    const roll = (view.last?.events ?? []).find(e => e.kind === 'rolled');
    const square = (roll?.square as string | undefined) ?? null;
    this.diceEl.hidden = !square;
    if (square) {
      const face = el('span', 'die');
      face.innerHTML = DIE_SVG;
      const text = el('span', 'roll-square', `Roll: ${square}`);
      this.diceEl.replaceChildren(face, text);
      this.diceEl.classList.toggle('rolling', animate);
    }
  }

  private renderMoves(view: View): void {
    this.past.renderList(this.live?.moves ?? view.moves ?? []);
  }

  private renderGameButtons(view: View): void {
    this.gameButtons.replaceChildren();
    if (!this.seat || view.outcome) return;
    if (this.waiting) {
      // Nobody to resign to or to offer a draw: the game can only be called off (the link to send is beside it).
      const cancel = el('button', 'game-button', 'Cancel the game');
      cancel.type = 'button';
      cancel.dataset.action = 'abort';
      cancel.addEventListener('click', () => this.send('abort'));
      this.gameButtons.append(cancel);
      return;
    }
    const listed = new Set(view.legal.map(a => a.text));
    const mine = (view.moves ?? []).filter(m => m.seat === this.seat).length;
    const button = (text: string, label: string, onClick: (b: HTMLButtonElement) => void) => {
      if (listed.has(text)) return;
      const b = el('button', 'game-button', label);
      b.type = 'button';
      b.dataset.action = text;
      b.addEventListener('click', () => onClick(b));
      this.gameButtons.append(b);
    };
    button('resign', 'Resign', b => {
      if (!this.resignArmed) {
        this.resignArmed = true;
        b.textContent = 'Really resign?';
        return;
      }
      this.send('resign');
    });
    if (view.draw_offer && view.draw_offer !== this.seat) {
      button('accept draw', 'Accept the draw', () => this.send('accept draw'));
      button('decline draw', 'Decline the draw', () => this.send('decline draw'));
    } else if (view.draw_offer !== this.seat) {
      button('offer draw', 'Offer a draw', () => this.send('offer draw'));
    }
    if (this.abortable ?? mine === 0) button('abort', 'Abort the game', () => this.send('abort'));
  }

  private renderPowerNotes(view: View): void {
    const lines = variantUi(view.variant).powerNotes?.(view) ?? [];
    this.powersEl.replaceChildren(...lines.map(line => el('p', 'power-note', line)));
    this.powersEl.hidden = lines.length === 0;
  }

  /** The server's commitment to the dice seed, and the seed once the game is over, so each roll can be checked. */
  private renderDiceProof(): void {
    const d = this.dice;
    this.proofEl.hidden = !d;
    if (!d) return;
    this.proofEl.textContent = d.seed
      ? `Dice seed ${d.seed} (committed as SHA-256 ${d.commitment}): every roll can be checked now.`
      : `Dice committed: SHA-256 ${d.commitment}. The seed is shown when the game ends.`;
  }

  /** What this viewer alone knows (a secret of its own), from the view's knowledge. */
  private renderKnowledge(view: View): void {
    this.knowledgeEl.replaceChildren();
    const ui = variantUi(view.variant);
    // Notes that the revealed secrets at the end say again are not repeated, nor notes that the log
    // below says, nor those the variant's prompt and move list say better.
    const revealed = new Set(describeEvents(view.reveal?.events ?? []));
    const told = logLines(view);
    const notes = (view.knowledge?.notes ?? []).filter(
      n => !revealed.has(n) && !told.some(line => n === line || n.endsWith(`: ${line}`)) && ui.showsNote?.(view, n) !== false,
    );
    for (const note of notes) this.knowledgeEl.append(el('p', 'known known-note', note));
    if (told.length) {
      this.knowledgeEl.append(el('h2', 'knowledge-title', 'What you were told'));
      const list = el('ol', 'knowledge-log');
      // The last action's lines end the log: marked as new (the events section leaves them to the log).
      const latest = describeEvents(view.last?.events ?? []);
      const fresh = latest.length && told.slice(-latest.length).every((l, i) => l === latest[i]) ? told.length - latest.length : told.length;
      told.forEach((line, i) => list.append(el('li', i >= fresh ? 'latest' : undefined, line)));
      this.knowledgeEl.append(list);
      list.scrollTop = list.scrollHeight;
    }
    for (const [key, value] of Object.entries(view.knowledge ?? {})) {
      if (value === null || value === undefined || key === 'notes' || key === 'log') continue;
      const own = ui.knowledgeLine?.(key, value, notes.length > 0);
      if (own === null) continue;
      const text = own ?? `${key.replace(/_/g, ' ')}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
      this.knowledgeEl.append(el('p', `known known-${key}`, text));
    }
  }

  private renderReveal(view: View): void {
    this.revealEl.replaceChildren();
    if (!view.reveal) return;
    this.revealEl.append(el('h2', undefined, 'Revealed'));
    const { events, words } = view.reveal as { events?: unknown; words?: unknown };
    if (Array.isArray(events)) for (const line of describeEvents(events)) this.revealEl.append(el('p', undefined, line));
    else if (Array.isArray(words)) for (const w of words) this.revealEl.append(el('p', undefined, String(w)));
  }

  // --- input ---------------------------------------------------------------

  private moved(from: string, to: string): void {
    const view = this.view;
    if (!view) return;
    this.choose(movesTo(view.legal, from, to, pieceAtIn(view)));
  }

  /** Sends the move, or asks for what is still open (a promotion piece, a rebirth square). */
  private choose(moves: LegalAction[]): void {
    const choice = nextChoice(moves);
    if (!choice) {
      if (this.view) this.render(this.view, null, false);
      return;
    }
    if (choice.kind === 'done') {
      this.send(choice.action.text);
      return;
    }
    this.choosing = moves;
    this.showChooser(choice);
  }

  private showChooser(choice: Exclude<Choice, { kind: 'done' }>): void {
    const box = el('div', `chooser chooser-${choice.kind}`);
    const cancel = el('button', 'cancel', 'Cancel');
    cancel.type = 'button';
    cancel.addEventListener('click', () => this.view && this.render(this.view, null, false));
    if (choice.kind === 'promotion') {
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', 'Promote to');
      box.append(el('p', undefined, 'Promote to:'));
      // The moving side's pieces: a move chosen for the opponent promotes the opponent's pawn.
      const mover = (this.view && decisionOf(this.view)?.mover?.(this.view)) ?? this.view?.to_act;
      const color = mover === 'black' ? 'black' : 'white';
      for (const o of choice.options) {
        const b = el('button', 'promotion', o.role);
        const img = el('img');
        img.src = imageUrl(color, imageOf(this.view?.variant ?? '', o.role));
        img.alt = '';
        b.prepend(img);
        b.type = 'button';
        b.dataset.promotion = o.role;
        b.addEventListener('click', () => this.choose(o.actions));
        box.append(b);
      }
    } else if (choice.kind === 'rebirth') {
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', 'Where is the captured piece reborn?');
      box.append(el('p', undefined, 'Where is the captured piece reborn? Click a highlighted square.'));
      this.markOn('rebirth-option', choice.options.map(o => o.square));
      for (const o of choice.options) {
        const b = el('button', 'rebirth', o.square);
        b.type = 'button';
        b.setAttribute('aria-label', `Reborn on ${o.square}`);
        b.dataset.square = o.square;
        b.addEventListener('click', () => this.send(o.action.text));
        box.append(b);
      }
    } else {
      for (const a of choice.options) {
        const b = el('button', 'pick', a.san && a.san !== a.text ? `${a.san} (${a.text})` : a.text);
        b.type = 'button';
        b.dataset.action = a.text;
        b.addEventListener('click', () => this.send(a.text));
        box.append(b);
      }
    }
    box.append(cancel);
    this.prompt.replaceChildren(box);
  }

  private clicked(square: string): void {
    const view = this.view;
    if (!view) return;
    if (this.choosing) {
      const choice = nextChoice(this.choosing);
      if (choice?.kind === 'rebirth') {
        const hit = choice.options.find(o => o.square === square);
        if (hit) this.send(hit.action.text);
      }
      return;
    }
    const decision = decisionOf(view);
    const pick = decision?.pick?.(view, square, this.seat);
    if (decision && pick) {
      this.pickFor(view, decision, pick);
      return;
    }
    const from = this.selected;
    if (from && this.boardOf(from) !== this.boardOf(square) && candidates(view.legal, from, square).length) {
      this.choose(candidates(view.legal, from, square));
      return;
    }
    this.selected = view.legal.some(a => a.from === square && isBoardMove(a)) ? square : null;
    this.showCrossBoardDestinations();
    this.showMoveNotes();
  }

  /** A click that picks a square for the pending decision (the prompt's button confirms it), or says why that square cannot be picked. */
  private pickFor(view: View, decision: Decision, pick: { square: string } | { error: string }): void {
    this.errorEl.textContent = '';
    if ('square' in pick) this.picked = pick.square;
    else this.showError(pick.error);
    if (decision.pickedMark) this.markOn(decision.pickedMark, this.picked ? [this.picked] : []);
    this.renderPrompt(view);
  }

  /** The selected piece's moves with their notes (survival odds), for screens without a pointer to hover. */
  private showMoveNotes(): void {
    const from = this.selected;
    const noted = from ? (this.view?.legal ?? []).filter(a => a.from === from && a.note) : [];
    this.notesEl.replaceChildren(...noted.map(a => el('span', 'move-note', `${a.san ?? a.text}: ${a.note}`)));
    this.notesEl.hidden = noted.length === 0;
    if (noted.length) this.notesEl.prepend(el('span', 'move-notes-title', moveNotesOf(this.view!.variant).title));
  }

  /** Circles on the other boards for a selected piece's moves there (chessground shows only its own board's). */
  private showCrossBoardDestinations(): void {
    const view = this.view;
    if (!view || this.boards.length < 2) return;
    const from = this.selected;
    const tos = from ? view.legal.filter(a => a.from === from && a.to).map(a => a.to!) : [];
    for (const board of this.boards) {
      if (from && board.owns(from)) continue;
      board.setShapes(tos.filter(t => board.owns(t)).map(t => ({ from: t, brush: 'green' })));
    }
  }

  private hovered(square: string | null): void {
    const view = this.view;
    const from = this.selected;
    const note = square && from ? view?.legal.find(a => a.from === from && a.to === square && a.note)?.note : undefined;
    this.odds.hidden = !note;
    if (note && square) {
      this.odds.textContent = `${square}: ${moveNotesOf(view!.variant).hoverPrefix}${note}`;
      const rect = this.boardOf(square)?.squareEl(square)?.getBoundingClientRect();
      if (rect) {
        this.odds.style.left = `${rect.left + window.scrollX}px`;
        this.odds.style.top = `${rect.bottom + window.scrollY + 4}px`;
      }
    }
  }

  private typed(text: string): void {
    const view = this.view;
    if (!view) return;
    const words = typedWordsOf(view.variant);
    const matches = parseTyped(view.legal, text, { words, pieceAt: pieceAtIn(view) });
    if (matches.length === 0) {
      this.showError(view.legal.length ? `“${text}” is not a legal move here. ${typingHint(view.legal, words)}` : 'It is not your turn.');
      return;
    }
    this.errorEl.textContent = '';
    const sameMove = matches.every(m => m.from === matches[0].from && m.to === matches[0].to);
    if (matches.length === 1 || sameMove) this.choose(matches);
    else this.showChooser({ kind: 'pick', options: matches });
  }
}

/** What stands on a square of the view's boards. */
function pieceAtIn(view: View): PieceAt {
  const pieces = new Map(view.boards.flatMap(b => b.pieces).map(p => [p.square, p]));
  return square => pieces.get(square);
}

/** What the viewer was told, in order (the knowledge's log, where a variant keeps one), in words. */
function logLines(view: View): string[] {
  const log = view.knowledge?.log;
  return Array.isArray(log) ? describeEvents(log as GameEvent[]) : [];
}
