// The club events' HTTP API (docs/protocol.md, "Club events"): the list,
// an event as everyone sees it, and the organiser's changes, each answering
// what was done in words and the event as it now stands.

import { call } from './api';

export type Stage = 'entries' | 'playing' | 'between_rounds' | 'finished';

export interface EventSummary {
  id: string;
  name: string;
  place: string;
  starts_ms: number;
  organiser: string;
  rounds: number;
  rounds_paired: number;
  players: number;
  stage: Stage;
  /** Played on the server: each round's games start once it is paired; the server pairs the next. */
  online: boolean;
}

export interface Seat {
  number: number;
  name: string;
  grade: number | null;
  clock_minutes: number;
}

export interface Board {
  board: number;
  white: Seat;
  black: Seat;
  result: string | null;
  /** The game's id when it is played on the server. */
  game: string | null;
  /** What the players reported while no result is entered. */
  reported: { white: string | null; black: string | null } | null;
  /** Over the board with dice or secrets: what the server rolled and sealed. */
  table: BoardTable | null;
}

export interface BoardTable {
  dice_commitment: string | null;
  rolls: string[];
  /** Once the board has its result: every roll can be recomputed from it. */
  dice_seed: string | null;
  sealed: { side: 'white' | 'black'; commitment: string; decision: string | null; nonce: string | null }[];
}

export interface RoundShown {
  round: number;
  variant: string;
  boards: Board[];
  byes: { number: number; name: string; why: string }[];
}

export interface Entrant extends Seat {
  points: string;
  withdrawn_from: number | null;
  account: boolean;
}

export interface GroupBoard {
  board: number;
  white: Seat;
  black: Seat;
  white_points: string | null;
}

export interface ShownEvent extends EventSummary {
  variants: string[];
  clocks: string;
  entrants: Entrant[];
  pairings: RoundShown[];
  standings: { tie_breaks: string[]; rows: { rank: number; number: number; name: string; points: string; tie_breaks: string[] }[] };
  group_match: { group_a: number[]; group_b: number[]; rounds: { round: number; boards: GroupBoard[] }[]; score: [string, string] } | null;
  /** The decisions the caller may seal for their board over the board, until they seal one. */
  seal_choices: string[];
}

export interface Changed {
  words: string;
  event: ShownEvent;
}

export interface NewEvent {
  name: string;
  place: string;
  starts_ms: number;
  rounds: number;
  variants: string[];
  online: boolean;
}

const at = (id: string, rest = '') => `/api/tournaments/${encodeURIComponent(id)}${rest}`;

export const clubApi = {
  list: () => call<{ upcoming: EventSummary[]; started: EventSummary[] }>('GET', '/api/tournaments'),
  create: (event: NewEvent) => call<ShownEvent>('POST', '/api/tournaments', event),
  event: (id: string) => call<ShownEvent>('GET', at(id)),
  enter: (id: string, name: string, grade: number | null, missed: 'zero' | 'half') => call<Changed>('POST', at(id, '/players'), { name, grade, missed }),
  join: (id: string) => call<Changed>('POST', at(id, '/join')),
  withdraw: (id: string, number: number) => call<Changed>('POST', at(id, `/players/${number}/withdraw`)),
  pair: (id: string, round: number) => call<Changed>('POST', at(id, '/rounds'), { round }),
  report: (id: string, round: number, board: number, result: string) => call<Changed>('POST', at(id, '/reports'), { round, board, result }),
  roll: (id: string, round: number, board: number) => call<Changed>('POST', at(id, `/rounds/${round}/boards/${board}/roll`)),
  seal: (id: string, round: number, board: number, decision: string) => call<Changed>('POST', at(id, `/rounds/${round}/boards/${board}/seal`), { decision }),
  reveal: (id: string, round: number, board: number) => call<Changed>('POST', at(id, `/rounds/${round}/boards/${board}/reveal`)),
  startGames: (id: string, round: number) => call<Changed>('POST', at(id, `/rounds/${round}/games`)),
  result: (id: string, round: number, board: number, result: string, correct: boolean) =>
    call<Changed>('POST', at(id, '/results'), { round, board, result, correct }),
  startGroupMatch: (id: string) => call<Changed>('POST', at(id, '/group-match'), {}),
  groupResult: (id: string, round: number, board: number, result: string) => call<Changed>('POST', at(id, '/group-match/results'), { round, board, result }),
};

export const eventUrl = (id: string): string => `/tournament/${encodeURIComponent(id)}`;
export const trfUrl = (id: string): string => at(id, '/trf');
/** A sheet to print: the latest round's pairings, the standings, the group match. */
export const sheetUrl = (id: string, of: 'pairings' | 'standings' | 'group-match'): string => at(id, `/sheet?of=${of}`);

/** What a stage reads as on a page. */
export const stageWords: Record<Stage, string> = {
  entries: 'taking entries',
  playing: 'round in play',
  between_rounds: 'between rounds',
  finished: 'finished',
};
