// A rules page's diagram: one position of a variant drawn by the game page's
// own board (board.ts, chessgroundx) with arrows, dots, circles and square
// marks, and said in words for a screen reader. The position comes from
// the diagram's FEN, read with the page's letters (its head's `pieces`);
// the boards' names and sizes and the special squares come from the
// variant's descriptor (GET /api/variants), the turned boards and board
// titles from the variant's UI file. Nothing here names a variant.

import type { Descriptor } from './api';
import { Board } from './board';
import { specialKind } from './view';
import type { BoardView, Color, PieceOnBoard, View } from './view';
import { imageOf, imageUrl } from './pieces';
import { boardLetter } from './squares';
import { variantUi } from './variants';

export interface Shape {
  square: string;
  brush: string;
}

/** A diagram as the build wrote it (build/rules-pages.mjs `parseDiagram`). */
export interface DiagramSpec {
  fen: string;
  caption: string;
  orientation: Color;
  arrows: { from: string; to: string; brush: string }[];
  dots: Shape[];
  circles: Shape[];
  marks: { kind: string; squares: string[] }[];
}

const BRUSH_COLOURS: Record<string, string> = { green: '#15781B', red: '#882020', blue: '#003088', yellow: '#e68f00' };

const dot = (brush: string) => `<circle cx="50" cy="50" r="17" fill="${BRUSH_COLOURS[brush] ?? brush}" fill-opacity="0.6"/>`;

const side = (c: Color) => (c === 'white' ? 'White' : 'Black');
const title = (role: string) => role.charAt(0).toUpperCase() + role.slice(1).replace(/-/g, ' ');

/** The boards of a FEN's placement field (boards separated by `|`), with the page's letters. */
export function boardsOf(fen: string, shapes: Descriptor['boards'], letters: Record<string, string>): BoardView[] {
  const placements = fen.trim().split(/\s+/)[0].split('|');
  return shapes.map((shape, i) => {
    const letter = boardLetter(shape.name) ?? '';
    const pieces: PieceOnBoard[] = [];
    (placements[i] ?? '').split('/').forEach((row, r) => {
      const rank = shape.ranks - r;
      let file = 1;
      for (const token of row.match(/\d+|./g) ?? []) {
        if (/\d/.test(token)) {
          file += Number(token);
          continue;
        }
        const role = letters[token.toLowerCase()] ?? token.toLowerCase();
        const color: Color = token === token.toUpperCase() ? 'white' : 'black';
        pieces.push({ square: `${letter}${String.fromCharCode(96 + file)}${rank}`, color, role, letter: token });
        file++;
      }
    });
    return { ...shape, pieces };
  });
}

/** A board's position in words: "White: King e1, Rook h1. Black: King e8." */
export function positionWords(board: BoardView): string {
  const words = (['white', 'black'] as const).map(c => {
    const mine = board.pieces.filter(p => p.color === c);
    return `${side(c)}: ${mine.length ? mine.map(p => `${title(p.role)} ${p.square}`).join(', ') : 'no pieces'}.`;
  });
  return words.join(' ');
}

/** One diagram's boards, drawn into `parent` and redrawn by `show` (the steps of an example). */
export class Diagram {
  private readonly boards: Board[] = [];
  private readonly titles: string[];
  /** The kinds of square marks drawn so far, cleared before each position. */
  private readonly markKinds = new Set<string>();

  constructor(
    parent: HTMLElement,
    private readonly variant: string,
    private readonly descriptor: Descriptor,
    private readonly letters: Record<string, string>,
    orientation: Color,
  ) {
    const ui = variantUi(variant);
    const holder = document.createElement('div');
    holder.className = 'boards';
    holder.dataset.count = String(descriptor.boards.length);
    parent.append(holder);
    this.titles = descriptor.boards.map(b => {
      const letter = boardLetter(b.name);
      return (letter && ui.boardTitles?.[letter]) ?? (b.name ? `Board ${b.name}` : 'Board');
    });
    const noop = () => {};
    descriptor.boards.forEach((b, i) => {
      const letter = boardLetter(b.name);
      const turn = (letter && ui.turned?.[letter]) || 'none';
      const spec: BoardView = { ...b, pieces: [] };
      const callbacks = { onMove: noop, onSquare: noop, onHover: noop, onPremove: noop };
      const title = descriptor.boards.length > 1 ? this.titles[i] : undefined;
      this.boards.push(new Board(holder, spec, variant, turn, orientation, title, callbacks));
    });
  }

  /** Draws a position with its shapes and marks. */
  show(d: DiagramSpec): void {
    const views = boardsOf(d.fen, this.descriptor.boards, this.letters);
    const special = this.descriptor.special_squares;
    // What a piece can do here, as the game page marks it (a Jester's copy, a knight's gift).
    const view: View = { variant: this.variant, boards: views, fen: d.fen, to_act: null, legal: [] };
    const variantMarks = variantUi(this.variant).marks?.(view) ?? [];
    this.boards.forEach((board, i) => {
      board.setPieces(views[i]);
      board.setMovable(undefined, new Map());
      const shapes = [
        ...d.arrows.map(a => ({ from: a.from, to: a.to, brush: a.brush })),
        ...d.circles.map(c => ({ from: c.square, brush: c.brush })),
        ...d.dots.map(s => ({ from: s.square, brush: s.brush, svg: dot(s.brush) })),
      ].filter(s => board.owns(s.from));
      board.setShapes(shapes);
      if (special) {
        board.mark('special', special.squares);
        for (const s of special.squares) board.squareEl(s)?.setAttribute('data-special', specialKind(special));
      }
      for (const kind of this.markKinds) board.mark(kind, []);
      for (const mark of variantMarks) {
        this.markKinds.add(mark.kind);
        board.mark(mark.kind, mark.squares.filter(s => board.owns(s)), mark.title);
        for (const s of mark.squares) {
          const piece = mark.badge?.(s);
          const el = board.squareEl(s);
          if (el && piece) el.style.setProperty('--badge', `url("${imageUrl(piece.color, imageOf(this.variant, piece.role))}")`);
        }
      }
      // Then the diagram's own marks (a bomb's carrier and blast, a rolled square).
      for (const kind of new Set(d.marks.map(m => m.kind))) {
        this.markKinds.add(kind);
        board.mark(kind, d.marks.filter(m => m.kind === kind).flatMap(m => m.squares));
      }
      // A screen reader hears the board as a picture: the position in words.
      const name = this.boards.length > 1 ? `${this.titles[i]}. ` : '';
      board.element.setAttribute('role', 'img');
      board.element.setAttribute('aria-label', `${name}${positionWords(views[i])}`);
    });
  }
}
