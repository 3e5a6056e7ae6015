// The arenas' HTTP API, lichess's (docs/protocol.md, "Arenas"): the lists,
// an arena with its standing, joining (with a private arena's code) and
// withdrawing. Its refusals are lichess's `{"error": "..."}`.

import { call } from './api';

export interface ArenaSummary {
  id: string;
  createdBy: string;
  minutes: number;
  clock: { limit: number; increment: number };
  rated: boolean;
  fullName: string;
  nbPlayers: number;
  variant: { key: string; short: string; name: string };
  startsAt: number;
  finishesAt: number;
  /** 10 created, 20 started, 30 finished. */
  status: 10 | 20 | 30;
  secondsToStart: number;
  private: boolean;
  winner?: { name: string };
}

export interface SheetGame {
  game: string;
  outcome: 'win' | 'draw' | 'loss';
  points: number;
  fire: boolean;
  forfeit: boolean;
}

export interface StandingPlayer {
  name: string;
  rank: number;
  rating: number;
  score: number;
  withdraw: boolean;
  sheet: { scores: string; fire: boolean; games: SheetGame[] };
}

export interface Duel {
  id: string;
  p: { n: string; r: number; k: number }[];
}

export interface ArenaFull extends ArenaSummary {
  secondsToFinish: number;
  isStarted: boolean;
  isFinished: boolean;
  isSettled: boolean;
  standing: { page: number; players: StandingPlayer[] };
  duels: Duel[];
  podium?: StandingPlayer[];
  me?: { username: string; rank: number; withdraw: boolean; gameId?: string };
  entryCode?: string;
}

/** Lichess's form fields of a new arena. */
export interface NewArena {
  name: string;
  variant: string;
  clockTime: number;
  clockIncrement: number;
  minutes: number;
  waitMinutes: number;
  rated: boolean;
  entryCode?: string;
}

const at = (id: string, rest = '') => `/api/tournament/${encodeURIComponent(id)}${rest}`;

export const arenaApi = {
  list: () => call<{ created: ArenaSummary[]; started: ArenaSummary[]; finished: ArenaSummary[] }>('GET', '/api/tournament'),
  create: (arena: NewArena) => call<ArenaFull>('POST', '/api/tournament', arena),
  arena: (id: string, page: number) => call<ArenaFull>('GET', at(id, `?page=${page}`)),
  join: (id: string, entryCode: string) => call<{ ok: boolean }>('POST', at(id, '/join'), entryCode ? { entryCode } : {}),
  withdraw: (id: string) => call<{ ok: boolean }>('POST', at(id, '/withdraw'), {}),
};

export const arenaUrl = (id: string, entryCode?: string): string =>
  `/arena/${encodeURIComponent(id)}${entryCode ? `?entryCode=${encodeURIComponent(entryCode)}` : ''}`;

/** Lichess's clock choices: minutes on each clock, seconds added a move. */
export const CLOCK_TIMES = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 25, 30, 40, 50, 60];
export const CLOCK_INCREMENTS = [0, 1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 25, 30, 40, 50, 60];

/** A clock as lichess writes it: `3+2`, `½+0`. */
export const clockWords = (c: { limit: number; increment: number }): string => {
  const minutes = c.limit / 60;
  const shown = ({ 0.25: '¼', 0.5: '½', 0.75: '¾' } as Record<number, string>)[minutes] ?? String(minutes);
  return `${shown}+${c.increment}`;
};

export const statusWords: Record<ArenaSummary['status'], string> = { 10: 'starting soon', 20: 'playing', 30: 'finished' };
