// The wire format between the page and the server (docs/protocol.md,
// sections of the model and of the server). The page works with one
// message shape, `{"type":"view", view, viewer, clocks ...}`; this file reads
// both the contract's `view` message and the server's `state` message into
// it, and writes actions as the server reads them.

import type { ActionErrorBody, Clocks, Color, GameMeta, ServerMessage, View, Viewer } from './view';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function clocksOf(raw: unknown): Clocks | null {
  if (!isObject(raw) || typeof raw.white_ms !== 'number' || typeof raw.black_ms !== 'number') return null;
  const running = raw.running === 'white' || raw.running === 'black' ? (raw.running as Color) : null;
  return { white_ms: raw.white_ms, black_ms: raw.black_ms, running };
}

function errorOf(raw: Json): ActionErrorBody {
  const body = isObject(raw.error) ? raw.error : raw;
  return {
    code: typeof body.code === 'string' ? body.code : 'error',
    message: typeof body.message === 'string' ? body.message : 'The server refused that; try again.',
  };
}

function gameOf(raw: Json): GameMeta | undefined {
  if (typeof raw.id !== 'string' || typeof raw.status !== 'string') return undefined;
  const players = isObject(raw.players) ? raw.players : {};
  const name = (v: unknown) => (typeof v === 'string' ? v : null);
  const result = isObject(raw.result) && typeof raw.result.words === 'string'
    ? { result: name(raw.result.result), words: raw.result.words }
    : null;
  const options = isObject(raw.options) ? Object.entries(raw.options).filter(([, on]) => on === true).map(([name]) => name) : [];
  const game: GameMeta = { id: raw.id, status: raw.status, players: { white: name(players.white), black: name(players.black) }, result, options };
  if (typeof raw.rated === 'boolean') game.rated = raw.rated;
  if (typeof raw.abort_at_ms === 'number' || raw.abort_at_ms === null) game.abort_at_ms = raw.abort_at_ms;
  return game;
}

/**
 * The view as the page should act on it: a game the server has not started
 * (a seat is open) or has ended outside the model (on time, aborted) offers
 * no action, and an end the model does not know is its outcome.
 */
function settled(view: View, game: GameMeta | undefined): View {
  if (!game || game.status === 'playing') return view;
  if (game.status === 'waiting') return { ...view, legal: [] };
  const outcome = view.outcome ?? (game.result ? { result: game.result.result ?? '', words: game.result.words } : { result: '', words: game.status === 'aborted' ? 'The game was aborted' : 'The game is over' });
  return { ...view, legal: [], pending: null, outcome };
}

/** A message from the server, or null when it is not one the page knows (it is ignored). */
export function decodeServerMessage(raw: unknown): ServerMessage | null {
  if (!isObject(raw)) return null;
  if (raw.type === 'error') return { type: 'error', error: errorOf(raw) };
  if (raw.type === 'rematch' && typeof raw.id === 'string' && (raw.by === 'white' || raw.by === 'black')) {
    return { type: 'rematch', id: raw.id, by: raw.by };
  }
  if ((raw.type === 'view' || raw.type === 'state') && isObject(raw.view)) {
    const viewer = (raw.viewer ?? raw.you) as Viewer | undefined;
    const dice = isObject(raw.dice) && typeof raw.dice.commitment === 'string'
      ? { commitment: raw.dice.commitment, seed: typeof raw.dice.seed === 'string' ? raw.dice.seed : null }
      : null;
    const game = raw.type === 'state' ? gameOf(raw) : undefined;
    return {
      type: 'view',
      view: settled(raw.view as unknown as View, game),
      game,
      viewer,
      clocks: clocksOf(raw.clocks),
      dice,
      abortable: typeof raw.abortable === 'boolean' ? raw.abortable : undefined,
      ply: typeof raw.ply === 'number' ? raw.ply : undefined,
    };
  }
  return null;
}

/**
 * The frame that sends an action: `{"type":"action","ply":N,"action":TEXT}`
 * (`ply` from the last state, so a resent action is never applied twice), or
 * `{"type":"abort"}` for the abort button.
 */
export function encodeAction(action: string, ply: number | undefined): string {
  if (action === 'abort') return JSON.stringify({ type: 'abort' });
  return JSON.stringify(ply === undefined ? { type: 'action', action } : { type: 'action', ply, action });
}
