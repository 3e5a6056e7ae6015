// The server's HTTP API (docs/protocol.md, "Server"): the lobby and the game
// page call it for what is not a move (new games, seeks, accepting, rematch,
// the dice check). Every refusal becomes an ApiError with the server's words.

import type { Color } from './view';

export class ApiError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network', 'The server cannot be reached; check the connection and try again.');
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: said below */
  }
  if (!response.ok) {
    const e = (json ?? {}) as { code?: string; message?: string };
    throw new ApiError(e.code ?? String(response.status), e.message ?? `The server answered ${response.status} ${response.statusText}.`);
  }
  return json as T;
}

export type Opponent = { engine: { level: number } };

/** POST /api/games: a seek (`open`), a challenge link, or a game against the engine (`opponent`). */
export interface NewGame {
  variant: string;
  time_ms: number;
  opponent_time_ms: number;
  increment_ms: number;
  colour: Color | 'random';
  open?: boolean;
  opponent?: Opponent;
  /** Rule options of this game (`{"forfeit": true}`: Looking-Glass's forfeit rule); only the variants that have them. */
  options?: Record<string, boolean>;
}

export interface Created {
  id: string;
  seat: Color;
  url: string;
}

export interface Seek {
  id: string;
  variant: string;
  by: string;
  /** The seat the one who accepts gets. */
  seat: Color;
  white_ms: number;
  black_ms: number;
  increment_ms: number;
}

/** A roll recomputed from the seed: the ply of the chance action and its text ("roll c7"). */
export interface CheckedRoll {
  ply: number;
  roll: string;
}

export interface Verified {
  id: string;
  commitment: string;
  seed: string;
  rolls: CheckedRoll[];
}

export const api = {
  me: () => call<{ name: string }>('GET', '/api/me'),
  variants: () => call<string[]>('GET', '/api/variants'),
  seeks: () => call<Seek[]>('GET', '/api/seeks'),
  create: (game: NewGame) => call<Created>('POST', '/api/games', game),
  accept: (id: string) => call<unknown>('POST', `/api/games/${encodeURIComponent(id)}/accept`),
  rematch: (id: string) => call<Created>('POST', `/api/games/${encodeURIComponent(id)}/rematch`),
  verify: (id: string) => call<Verified>('GET', `/api/games/${encodeURIComponent(id)}/verify`),
};

/** The game page of a game id. */
export const gameUrl = (id: string): string => `/game/${encodeURIComponent(id)}`;

/** The rules page of a variant, when the build made one. */
export const rulesUrl = (variant: string): string | null => (__RULES_PAGES__.includes(variant) ? `/rules/${variant}` : null);
