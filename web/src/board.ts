// One board of a view, drawn with chessgroundx over a grid of our own squares.
// The grid carries what chessground cannot: the board's real square names
// (data-square), special squares (portals, the Angle), marks (a carrier, a
// rebirth choice, a rolled square, a vanished piece) and coordinates that
// follow a turned board. Chessground draws and moves the pieces on top.

import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { Key, Piece as CgPiece, Dests } from 'chessgroundx/types';
import type { DrawShape } from 'chessgroundx/draw';
import { files as cgFiles, ranks as cgRanks } from 'chessgroundx/types';
import type { BoardView, Color } from './view';
import { boardLetter, fileLetter, parseSquare, squareName } from './squares';
import { fromDisplay, toDisplay, type Turn } from './layout';
import { cgRoleOf } from './pieces';
import { premoveSquares } from './premove';

export interface BoardCallbacks {
  /** The player moved a piece on this board (drag or click), board square names. */
  onMove(from: string, to: string): void;
  /** The player clicked a square of this board. */
  onSquare(square: string): void;
  /** The pointer is over this square (null: left the board). */
  onHover(square: string | null): void;
  /** The player premoved a piece (board square names); null: the premove is gone (a click on an empty square cancels it). */
  onPremove(premove: { from: string; to: string } | null): void;
}

export class Board {
  readonly letter: string | null;
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly ground: Api;
  private readonly files: number;
  private readonly ranks: number;
  private resizes: ResizeObserver | undefined;
  /** The board's own caption (a variant's board titles), which names it before any other name. */
  private readonly title: string | undefined;
  private unlisten: (() => void) | undefined;

  constructor(
    parent: HTMLElement,
    spec: BoardView,
    private readonly variant: string,
    private readonly turn: Turn,
    private readonly orientation: Color,
    title: string | undefined,
    callbacks: BoardCallbacks,
  ) {
    this.letter = boardLetter(spec.name);
    this.files = spec.files;
    this.ranks = spec.ranks;
    // A quarter turn swaps what runs along the columns and the rows.
    const [cols, rows] = turn === 'quarter' ? [spec.ranks, spec.files] : [spec.files, spec.ranks];
    const premoveTo = premoveSquares(cols, rows);

    this.element = document.createElement('figure');
    this.element.className = 'board';
    this.element.dataset.board = this.letter ?? '';
    this.element.dataset.files = String(spec.files);
    this.element.dataset.ranks = String(spec.ranks);
    this.element.style.setProperty('--cols', String(cols));
    this.element.style.setProperty('--rows', String(rows));
    // For screen readers: a region named by the board and the side at its bottom (moves are typed in the box beside it).
    this.element.setAttribute('role', 'region');
    this.title = title;
    this.name('Board');

    const frame = document.createElement('div');
    frame.className = 'board-frame';
    this.grid = document.createElement('div');
    this.grid.className = 'squares';
    const cgEl = document.createElement('div');
    cgEl.className = 'ground';
    frame.append(this.grid, cgEl);

    const rankLabels = document.createElement('div');
    rankLabels.className = 'coords coords-rows';
    const fileLabels = document.createElement('div');
    fileLabels.className = 'coords coords-cols';
    this.element.append(rankLabels, frame, fileLabels);
    if (title) {
      const caption = document.createElement('figcaption');
      caption.textContent = title;
      this.element.append(caption);
    }

    for (let row = 1; row <= rows; row++) {
      for (let col = 1; col <= cols; col++) {
        const [file, rank] = fromDisplay(col, row, cols, turn);
        const sq = document.createElement('div');
        // Colour by the board's own square (a1 dark), so a turned board keeps its colours.
        sq.className = (file + rank) % 2 === 0 ? 'sq dark' : 'sq light';
        sq.dataset.square = squareName({ board: this.letter, file, rank });
        const [x, y] = this.gridPos(col, row, cols, rows);
        sq.style.gridColumn = String(x);
        sq.style.gridRow = String(y);
        this.grid.append(sq);
      }
    }
    this.labelCoordinates(rankLabels, fileLabels, cols, rows);
    // On the page before chessground starts: it measures the board once it is there.
    parent.append(this.element);

    this.ground = Chessground(cgEl, {
      orientation,
      dimensions: { width: cols, height: rows },
      coordinates: false,
      viewOnly: false,
      animation: { enabled: true, duration: 250 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, color: undefined, showDests: true },
      premovable: {
        enabled: false,
        castle: false,
        premoveFunc: (_, key) => premoveTo(key),
        // A drop ("P@") is no move of ours: only a square's key is premoved.
        events: {
          set: (orig, dest) => callbacks.onPremove(orig.includes('@') ? null : { from: this.squareOf(orig as Key), to: this.squareOf(dest) }),
          unset: () => callbacks.onPremove(null),
        },
      },
      drawable: { enabled: false, visible: true },
      draggable: { enabled: true, showGhost: true },
      events: {
        move: (orig, dest) => callbacks.onMove(this.squareOf(orig), this.squareOf(dest)),
        select: key => callbacks.onSquare(this.squareOf(key)),
      },
    });
    this.followBox(frame);
    frame.addEventListener('pointermove', e => {
      const key = this.ground.getKeyAtDomPos([e.clientX, e.clientY]);
      callbacks.onHover(key ? this.squareOf(key) : null);
    });
    frame.addEventListener('pointerleave', () => callbacks.onHover(null));
  }

  /**
   * Chessground measures the board once and keeps the measure until the
   * window scrolls or the board changes size; a board that only moves (the
   * header above it one line shorter once the opponent joins) would take
   * every click for the square beside it. The measure is dropped whenever
   * anything on the page changes size, the screen turns, and before every
   * press, so a click is always read against where the board is now.
   */
  private followBox(frame: HTMLElement): void {
    const forget = () => this.ground.state.dom.bounds.clear();
    this.resizes = new ResizeObserver(forget);
    this.resizes.observe(document.documentElement);
    this.resizes.observe(frame);
    frame.addEventListener('pointerdown', forget, { capture: true });
    this.unlisten = listenWindow(['scroll', 'resize', 'orientationchange'], forget);
  }

  /** Grid cell (1-based, from the top left) of a display column and row. */
  private gridPos(col: number, row: number, cols: number, rows: number): [number, number] {
    return this.orientation === 'white' ? [col, rows + 1 - row] : [cols + 1 - col, row];
  }

  /** Names the board for screen readers: its title, else `what` (the variant's board), and the side at its bottom. */
  name(what: string): void {
    this.element.setAttribute('aria-label', `${this.title ?? what}, ${this.orientation === 'white' ? 'White' : 'Black'} at the bottom`);
  }

  /** Labels each column and row by the coordinate that stays the same along it. */
  private labelCoordinates(rowsEl: HTMLElement, colsEl: HTMLElement, cols: number, rows: number): void {
    const name = (col: number, row: number) => fromDisplay(col, row, cols, this.turn);
    const label = (a: [number, number], b: [number, number]) =>
      a[0] === b[0] ? fileLetter(a[0]) : String(a[1]);
    const colLabels: string[] = [];
    for (let col = 1; col <= cols; col++) colLabels.push(label(name(col, 1), name(col, 2)));
    const rowLabels: string[] = [];
    for (let row = 1; row <= rows; row++) rowLabels.push(label(name(1, row), name(2, row)));
    if (this.orientation === 'white') rowLabels.reverse();
    else colLabels.reverse();
    for (const text of rowLabels) rowsEl.append(Object.assign(document.createElement('span'), { textContent: text }));
    for (const text of colLabels) colsEl.append(Object.assign(document.createElement('span'), { textContent: text }));
  }

  /** Whether a square name (with or without board letter) is on this board. */
  owns(square: string): boolean {
    const ref = parseSquare(square);
    return !!ref && ref.board === this.letter && ref.file <= this.files && ref.rank <= this.ranks;
  }

  keyOf(square: string): Key | null {
    const ref = parseSquare(square);
    if (!ref || ref.board !== this.letter) return null;
    const size = Math.max(this.files, this.ranks);
    const [col, row] = toDisplay(ref.file, ref.rank, size, this.turn);
    return `${cgFiles[col - 1]}${cgRanks[row - 1]}` as Key;
  }

  squareOf(key: Key): string {
    const col = cgFiles.indexOf(key[0] as (typeof cgFiles)[number]) + 1;
    const row = cgRanks.indexOf(key[1] as (typeof cgRanks)[number]) + 1;
    const size = Math.max(this.files, this.ranks);
    const [file, rank] = fromDisplay(col, row, size, this.turn);
    return squareName({ board: this.letter, file, rank });
  }

  /** Puts the view's pieces on the board (animated from the previous ones). */
  setPieces(spec: BoardView): void {
    const next = new Map<Key, CgPiece>();
    for (const p of spec.pieces) {
      const key = this.keyOf(p.square);
      if (key) next.set(key, { role: cgRoleOf(this.variant, p.role), color: p.color });
    }
    const diff = new Map<Key, CgPiece | undefined>();
    for (const key of this.ground.state.boardState.pieces.keys()) if (!next.has(key)) diff.set(key, undefined);
    for (const [key, piece] of next) diff.set(key, piece);
    // The first position appears at once; later ones animate from the last.
    const first = this.ground.state.boardState.pieces.size === 0;
    this.ground.state.animation.enabled = !first;
    this.ground.setPieces(diff);
    this.ground.state.animation.enabled = true;
    for (const sq of this.grid.children as HTMLCollectionOf<HTMLElement>) delete sq.dataset.piece;
    for (const p of spec.pieces) {
      const el = this.squareEl(p.square);
      if (el) el.dataset.piece = `${p.color} ${p.role}`;
    }
  }

  /** Which pieces may move where now; `color` is the colour that moves (none: view only). */
  setMovable(color: Color | undefined, dests: Map<string, string[]>): void {
    const cgDests: Dests = new Map();
    for (const [from, tos] of dests) {
      const fromKey = this.keyOf(from);
      if (!fromKey) continue;
      const keys = tos.map(t => this.keyOf(t)).filter((k): k is Key => k !== null);
      if (keys.length) cgDests.set(fromKey, keys);
    }
    this.ground.set({ turnColor: color ?? 'white', movable: { color, dests: cgDests } });
  }

  /** Lets `color` (the viewer's side, while the opponent is to move) premove its pieces; undefined: no premoves now. */
  setPremovable(color: Color | undefined): void {
    if (color) this.ground.set({ movable: { color, dests: new Map() }, premovable: { enabled: true } });
    else this.ground.set({ premovable: { enabled: false } });
  }

  /** Takes the premove off the board (played or dropped). */
  cancelPremove(): void {
    this.ground.cancelPremove();
  }

  setLastMove(squares: string[]): void {
    const keys = squares.map(s => this.keyOf(s)).filter((k): k is Key => k !== null);
    this.ground.set({ lastMove: keys.length ? keys : undefined });
  }

  /** Glows the kings in check among these squares (board square names); none: nobody is in check. */
  setCheck(squares: string[]): void {
    const keys = squares.map(s => this.keyOf(s)).filter((k): k is Key => k !== null);
    this.ground.set({ check: keys.length ? keys : false });
    this.mark('in-check', squares.filter(s => this.owns(s)));
  }

  /** Arrows and circles drawn over the board (a teleport, a proposal, a cross-board destination); `svg`: a drawing of its own on `from` (100x100 units). */
  setShapes(shapes: { from: string; to?: string; brush: string; svg?: string }[]): void {
    const drawn: DrawShape[] = [];
    for (const s of shapes) {
      const orig = this.keyOf(s.from);
      if (!orig) continue;
      const dest = s.to ? this.keyOf(s.to) ?? undefined : undefined;
      drawn.push({ orig, dest, brush: s.brush, customSvg: s.svg });
    }
    this.ground.setAutoShapes(drawn);
  }

  cancelSelection(): void {
    this.ground.selectSquare(null);
    this.ground.cancelMove();
  }

  squareEl(square: string): HTMLElement | null {
    return this.grid.querySelector<HTMLElement>(`[data-square="${CSS.escape(square)}"]`);
  }

  /** Sets a mark class (portal, angle, carrier, rebirth, rolled, vanished ...) on exactly these squares. */
  mark(kind: string, squares: Iterable<string>, title?: (square: string) => string): void {
    for (const el of this.grid.querySelectorAll<HTMLElement>(`.${kind}`)) {
      el.classList.remove(kind);
      el.removeAttribute('title');
    }
    for (const sq of squares) {
      const el = this.squareEl(sq);
      if (!el) continue;
      el.classList.add(kind);
      if (title) el.title = title(sq);
    }
  }

  destroy(): void {
    this.resizes?.disconnect();
    this.unlisten?.();
    this.ground.destroy();
    this.element.remove();
  }
}

/** Listens to window events (scroll in any scroller too); returns what stops listening. */
function listenWindow(kinds: string[], handler: () => void): () => void {
  const options = { capture: true, passive: true };
  for (const kind of kinds) window.addEventListener(kind, handler, options);
  return () => {
    for (const kind of kinds) window.removeEventListener(kind, handler, options);
  };
}
