// The server's HTTP API (docs/protocol.md, "Server"): the pages call it for
// what is not a move (the account, new games, seeks, accepting, rematch, the
// dice check, profiles and their games). Every refusal becomes an ApiError
// with the server's words.

import type { Color, View } from './view';

export class ApiError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
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
    // Ours is `{code, message}`; lichess's routes (the arenas') answer `{error}`.
    const e = (json ?? {}) as { code?: string; message?: string; error?: string };
    throw new ApiError(e.code ?? String(response.status), e.message ?? e.error ?? `The server answered ${response.status} ${response.statusText}.`);
  }
  return json as T;
}

export type Opponent = { engine: { level: number } };

/** POST /api/games: a seek (`open`), a challenge link, or a game against the engine (`opponent`). */
/** A variant as its own code describes it (`GET /api/variants`). */
export interface Descriptor {
  id: string;
  name: string;
  /** The name where room is short (a list, a button). */
  short_name: string;
  family?: string;
  boards: { name: string | null; files: number; ranks: number }[];
  rolls_dice: boolean;
  hidden_information: boolean;
  /** The yes/no rule options a new game may set (`"options": {"forfeit": true}`). */
  options: GameOption[];
  commands: string;
  typed_words: { word: string; means: string }[];
  special_squares: { label: string; name: string; squares: string[] } | null;
  rules_page: string;
}

/** A yes/no rule option of one game. */
export interface GameOption {
  name: string;
  label: string;
  hint: string;
}

export interface NewGame {
  variant: string;
  time_ms: number;
  opponent_time_ms: number;
  increment_ms: number;
  colour: Color | 'random';
  open?: boolean;
  opponent?: Opponent;
  /** Whether the game changes both players' ratings (signed-in users only, never against the engine). */
  rated?: boolean;
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
  rated: boolean;
  /** The creator's rating in the seek's variant; null for a guest. */
  rating: Rating | null;
}

/** A Glicko-2 rating; `provisional` while its deviation is high (lichess's `1500?`). */
export interface Rating {
  rating: number;
  deviation: number;
  games: number;
  provisional: boolean;
}

/** GET /api/me: the caller, a user (`signed_in`) or a guest. */
export interface Me {
  name: string;
  signed_in: boolean;
  /** The user's ECF grade, 0-300; null for none. */
  grade: number | null;
}

/** GET /api/users/{name}: a user's public profile. */
export interface Profile {
  name: string;
  grade: number | null;
  created_ms: number;
  ratings: (Rating & { variant: string })[];
}

/** One finished game of a user's archive (GET /api/users/{name}/games). */
export interface ArchivedGame {
  id: string;
  variant: string;
  white: string | null;
  black: string | null;
  /** "1-0", "0-1", "1/2-1/2"; null when the game ended without one. */
  result: string | null;
  words: string | null;
  rated: boolean;
  created_ms: number;
}

/** A page of a user's archive, newest first; `next` fetches the page after it (null: none). */
export interface ArchivePage {
  games: ArchivedGame[];
  next: string | null;
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

const user = (name: string) => `/api/users/${encodeURIComponent(name)}`;

export const api = {
  me: () => call<Me>('GET', '/api/me'),
  signup: (name: string, password: string) => call<Me>('POST', '/api/signup', { name, password }),
  login: (name: string, password: string) => call<Me>('POST', '/api/login', { name, password }),
  logout: () => call<null>('POST', '/api/logout'),
  setGrade: (grade: number | null) => call<Profile>('PUT', '/api/me', { grade }),
  profile: (name: string) => call<Profile>('GET', user(name)),
  gamesOf: (name: string, before?: string) =>
    call<ArchivePage>('GET', `${user(name)}/games${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  variants: () => call<Descriptor[]>('GET', '/api/variants'),
  seeks: () => call<Seek[]>('GET', '/api/seeks'),
  create: (game: NewGame) => call<Created>('POST', '/api/games', game),
  accept: (id: string) => call<unknown>('POST', `/api/games/${encodeURIComponent(id)}/accept`),
  rematch: (id: string) => call<Created>('POST', `/api/games/${encodeURIComponent(id)}/rematch`),
  verify: (id: string) => call<Verified>('GET', `/api/games/${encodeURIComponent(id)}/verify`),
  /** Whether game `id` exists: false on the server's 404, null when the server cannot say (down, or in trouble). */
  /** GET /api/games/{id}/replay?ply=N: the game after its first N actions, as this caller may see it. */
  replay: (id: string, ply: number): Promise<{ ply: number; length: number; view: View }> =>
    call('GET', `/api/games/${encodeURIComponent(id)}/replay?ply=${ply}`),
  gameExists: (id: string): Promise<boolean | null> =>
    call<unknown>('GET', `/api/games/${encodeURIComponent(id)}`).then(
      () => true,
      e => (e instanceof ApiError && e.code === 'not_found' ? false : null),
    ),
};

/** The game page of a game id. */
export const gameUrl = (id: string): string => `/game/${encodeURIComponent(id)}`;

/** A finished game as PGN. */
export const pgnUrl = (id: string): string => `/api/games/${encodeURIComponent(id)}/pgn`;

/** A user's profile page. */
export const profileUrl = (name: string): string => `/@/${encodeURIComponent(name)}`;

/**
 * Whether a player's name is a user's (with a profile): users' names are 3-20
 * of [A-Za-z0-9_-]; a guest is `guest-` and six of its id's characters, the
 * engine `engine (level N)`.
 */
export const isUserName = (name: string): boolean => /^[A-Za-z0-9_-]{3,20}$/.test(name) && !/^guest-[a-z0-9]{6}$/.test(name);

/** The rules page of a variant, when the build made one. */
export const rulesUrl = (variant: string): string | null => (__RULES_PAGES__.includes(variant) ? `/rules/${variant}` : null);
