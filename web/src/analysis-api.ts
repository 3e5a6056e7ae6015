// The HTTP routes the analysis page calls (docs/protocol.md, "Analysis"): a
// finished game's record (GET /api/games/{id}/export, refused with
// `not_over` while it is played), and its computer analysis (asked for with
// POST, read with GET).

import { call } from './api';
import type { Seat } from './view';

/** A finished game's record: its variant, its start (null: the variant's own) and its actions. */
export interface GameRecord {
  id: string;
  variant: string;
  setup: string | null;
  status: string;
  result: string | null;
  actions: { seat: Seat; action: string }[];
}

/** What the analysis found at one action of the game. */
export interface PlyAnalysis {
  ply: number;
  seat: Seat;
  action: string;
  san?: string;
  eval?: number;
  mate?: number;
  best?: string;
  variation?: string;
  judgment?: { name: string; comment: string };
  depth?: number;
  note?: string;
}

/** One player's moves summed up; `acpl` and `accuracy` null where no move was valued. */
export interface PlayerSummary {
  inaccuracy: number;
  mistake: number;
  blunder: number;
  acpl: number | null;
  accuracy: number | null;
}

export interface AnalysisState {
  id: string;
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  progress?: { done: number; total: number };
  error?: string;
  analysis?: PlyAnalysis[];
  players?: { white: PlayerSummary; black: PlayerSummary };
}

const game = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const analysisApi = {
  record: (id: string) => call<GameRecord>('GET', `${game(id)}/export`),
  state: (id: string) => call<AnalysisState>('GET', `${game(id)}/analysis`),
  request: (id: string) => call<AnalysisState>('POST', `${game(id)}/analysis`),
};
