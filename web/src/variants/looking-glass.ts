// Through the Looking-Glass (docs/rules/looking-glass.md): a player sees one
// world and gives orders into the other. The page draws a second, "notes"
// board of the unseen world with the player's own pieces where its knowledge
// log puts them: every passing, order and capture is told to the player, so
// this shows nothing it was not told. Each player sets up its army in
// secret first; under the forfeit rule a player chooses the move of an
// opponent whose order was impossible.

import { el } from '../dom';
import { seatName } from '../seats';
import { randomStart, startAction } from '../setup';
import type { BoardView, Color, GameEvent, PieceOnBoard, View } from '../view';
import type { DecisionPage, VariantUi } from './variant-ui';

interface Piece {
  color: Color;
  role: string;
}

const WORLD_NAMES: Record<string, string> = { R: 'Real', M: 'Mirror' };

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function pieceOf(v: unknown): Piece | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const color = o.color === 'white' || o.color === 'black' ? o.color : null;
  const role = text(o.role);
  return color && role ? { color, role } : null;
}

/** The world a player does not see: its own board is the view's only one. */
export function unseenWorld(view: View, seat: Color | null): string | null {
  if (!seat || view.outcome || view.boards.length !== 1) return null;
  const seen = view.boards[0].name;
  return seen === 'R' ? 'M' : seen === 'M' ? 'R' : null;
}

/** The player's own pieces in the world `world`, replayed from the knowledge log. */
export function ownPiecesIn(log: GameEvent[], world: string, seat: Color): Map<string, Piece> {
  const pieces = new Map<string, Piece>();
  const inWorld = (sq: string | null): sq is string => !!sq && sq.startsWith(world);
  for (const e of log) {
    const piece = pieceOf(e.piece);
    if (e.kind === 'passed_through') {
      const from = text(e.from);
      const to = text(e.to);
      if (from) pieces.delete(from);
      if (inWorld(to) && piece?.color === seat) pieces.set(to, piece);
    } else if (e.kind === 'order_carried' && e.by === seat) {
      const from = text(e.from);
      const end = text(e.stopped) ?? text(e.to);
      const moved = (from && pieces.get(from)) || piece;
      if (from) pieces.delete(from);
      if (inWorld(end) && moved) pieces.set(end, moved);
    } else if (e.kind === 'stayed') {
      // Told after every order: the piece as it stands now (a pawn ordered to the last rank: its promoted piece).
      const square = text(e.square);
      if (inWorld(square) && piece?.color === seat) pieces.set(square, piece);
    } else if (e.kind === 'captured') {
      const square = text(e.square);
      if (square) pieces.delete(square);
    }
  }
  return pieces;
}

/** The notes board of the world the player cannot see, or null when there is none to draw. */
export function notesBoard(view: View, seat: Color | null): BoardView | null {
  const world = unseenWorld(view, seat);
  if (!world || !seat) return null;
  const log = (view.knowledge?.log as GameEvent[] | undefined) ?? [];
  const pieces: PieceOnBoard[] = [...ownPiecesIn(log, world, seat)].map(([square, p]) => ({
    square,
    color: p.color,
    role: p.role,
    letter: p.role === 'knight' ? 'N' : p.role[0].toUpperCase(),
  }));
  return { name: world, files: 8, ranks: 8, pieces };
}

export function worldTitle(letter: string, notes: boolean): string {
  const name = `${WORLD_NAMES[letter] ?? letter} world`;
  return notes ? `${name}, unseen: your notes (your pieces as you were told); drag one to give an order` : name;
}

const BOARD_TITLES = { R: worldTitle('R', false), M: worldTitle('M', false) };

/** The FIDE start, a random Chess960 start (picked here), or a typed back rank. */
function startPicker(page: DecisionPage): HTMLElement {
  const { view } = page;
  const sendStart = (rank: string) => {
    const action = startAction(view.legal, rank);
    if (typeof action === 'string') {
      page.showError(action);
      return;
    }
    page.send(action.text);
    // The picker sits under the boards when they fill the width, so the page was scrolled to it.
    page.showBoards();
  };
  const box = el('div', 'start-picker');
  box.append(el('p', 'start-prompt', 'Set up your army in secret: your opponent will not learn your start before the end.'));
  const fide = el('button', 'start-fide', 'FIDE start');
  fide.type = 'button';
  fide.addEventListener('click', () => sendStart('RNBQKBNR'));
  const random = el('button', 'start-random', 'Random (Chess960)');
  random.type = 'button';
  random.addEventListener('click', () => {
    const action = randomStart(view.legal);
    if (action) sendStart(action.text.slice('start '.length));
  });
  const form = el('form', 'start-typed');
  const input = el('input');
  input.name = 'start';
  input.placeholder = 'or type a back rank, a to h: NRKBBQRN';
  input.setAttribute('aria-label', 'Back rank from file a to h');
  const go = el('button', undefined, 'Set up');
  go.type = 'submit';
  form.append(input, go);
  form.addEventListener('submit', e => {
    e.preventDefault();
    sendStart(input.value);
  });
  box.append(fide, random, form);
  return box;
}

/** The forfeit rule: the chooser picks the forfeiting side's move in the world the chooser sees; the forfeiter waits. */
function forOpponentPrompt({ view, seat }: DecisionPage): HTMLElement {
  const forSide = view.pending?.for_side;
  const side = seatName(forSide);
  if (view.legal.length) {
    const letter = view.boards[0]?.name?.[0]?.toUpperCase() ?? '';
    const world = BOARD_TITLES[letter as keyof typeof BOARD_TITLES] ?? 'your board';
    return el('p', 'for-opponent', `Choose ${side}'s move in the ${world}: ${side}'s order was impossible, so you move one of ${side}'s pieces there, and it is played for ${side}.`);
  }
  const chooser = seatName(forSide === 'white' ? 'black' : 'white');
  return el('p', 'for-opponent', forSide === seat ? `Your order was impossible: ${chooser} chooses your move in the world ${chooser} sees.` : `${chooser} chooses ${side}'s move.`);
}

export const lookingGlass: VariantUi = {
  id: 'looking-glass',
  premoves: false,
  boardTitles: BOARD_TITLES,
  notesBoard,
  notesTitles: { R: worldTitle('R', true), M: worldTitle('M', true) },
  notesOrders: (count, example) => `Orders into the unseen world (${count}): click one here or on the notes board, or type it (${example})`,
  hiddenBoards: 'Both worlds are hidden from spectators until the game ends: each player sees only its own. Both are shown after the end.',
  commandLabels: { ask: 'Ask: have I a legal move in the other world?' },
  decisions: {
    choose_start: {
      offers: a => a.text.startsWith('start '),
      prompt: page =>
        page.view.legal.some(a => a.text.startsWith('start ')) ? startPicker(page) : el('p', undefined, `${seatName(page.view.to_act)} is setting up its army.`),
    },
    move_for_opponent: {
      mover: view => view.pending?.for_side,
      turnWords: (view, seat) => (view.to_act === seat ? `Your turn: choose ${seatName(view.pending?.for_side)}'s move` : undefined),
      prompt: forOpponentPrompt,
    },
  },
};
