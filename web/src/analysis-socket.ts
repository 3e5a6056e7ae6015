// The live analysis socket, `GET /ws/analysis` (docs/protocol.md, "Live
// analysis"): the page sends the position it wants analysed (a variant, a
// FEN or the start, and the actions played from there) and hears the
// position back with its legal actions, then the engine's evaluations as
// each iteration completes. This file only speaks the protocol; the page
// (analysis-board.ts) decides what to ask.

import { ReconnectingSocket } from './transport';
import type { View } from './view';

/** A score from White's side: centipawns, or a forced mate in so many moves (positive: White mates). */
export type Score = { cp: number } | { mate: number };

/** One of the engine's best lines. */
export interface EngineLine {
  score: Score;
  san: string[];
  uci: string[];
}

/** One outcome of a roll, with its odds and its value. */
export interface ChanceOutcome {
  action: string;
  probability: number;
  score: Score;
}

export interface AnalyseRequest {
  variant: string;
  fen: string | null;
  actions: string[];
  lines: number;
}

export type AnalysisMessage =
  | { type: 'position'; view: View; san: string[] }
  | {
      type: 'eval';
      depth?: number;
      nodes?: number;
      lines?: EngineLine[];
      chance?: ChanceOutcome[];
      expected?: Score;
      over?: string;
      /** Why the position has no value (a variant whose engine judges only from a player's view). */
      note?: string;
      done: boolean;
    }
  | { type: 'error'; code: string; message: string };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function scoreOf(raw: unknown): Score | null {
  if (!isObject(raw)) return null;
  if (typeof raw.cp === 'number') return { cp: raw.cp };
  if (typeof raw.mate === 'number') return { mate: raw.mate };
  return null;
}

const strings = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : []);

/** A frame from the server as the page reads it, or null when it is none the page knows. */
export function decodeAnalysisMessage(raw: unknown): AnalysisMessage | null {
  if (!isObject(raw)) return null;
  if (raw.type === 'position' && isObject(raw.view)) return { type: 'position', view: raw.view as unknown as View, san: strings(raw.san) };
  if (raw.type === 'error') {
    return { type: 'error', code: typeof raw.code === 'string' ? raw.code : 'error', message: typeof raw.message === 'string' ? raw.message : '' };
  }
  if (raw.type !== 'eval') return null;
  const lines = Array.isArray(raw.lines)
    ? raw.lines.flatMap(l => {
        const score = isObject(l) ? scoreOf(l.score) : null;
        return score && isObject(l) ? [{ score, san: strings(l.san), uci: strings(l.uci) }] : [];
      })
    : undefined;
  const chance = Array.isArray(raw.chance)
    ? raw.chance.flatMap(c => {
        const score = isObject(c) ? scoreOf(c.score) : null;
        return score && isObject(c) && typeof c.action === 'string' && typeof c.probability === 'number'
          ? [{ action: c.action, probability: c.probability, score }]
          : [];
      })
    : undefined;
  return {
    type: 'eval',
    depth: typeof raw.depth === 'number' ? raw.depth : undefined,
    nodes: typeof raw.nodes === 'number' ? raw.nodes : undefined,
    lines,
    chance,
    expected: scoreOf(raw.expected) ?? undefined,
    over: typeof raw.over === 'string' ? raw.over : undefined,
    note: typeof raw.note === 'string' ? raw.note : undefined,
    done: raw.done === true,
  };
}

/**
 * The socket: frames wait until it is open; after a drop it connects again
 * (waiting longer after each failure, as the game's socket does) and asks
 * for the last position again, whose search the drop ended.
 */
export class AnalysisSocket {
  private readonly socket: ReconnectingSocket;
  private last: AnalyseRequest | null = null;

  constructor(url: string, onMessage: (message: AnalysisMessage) => void, onDrop: (seconds: number) => void) {
    const heard = (text: string) => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return; // not ours to read: the page waits for the next frame
      }
      const message = decodeAnalysisMessage(raw);
      if (message) onMessage(message);
    };
    this.socket = new ReconnectingSocket(url, heard, (wait, again) => {
      onDrop(Math.round(wait / 1000));
      again();
      if (this.last) this.send({ type: 'analyse', ...this.last });
    });
  }

  private send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Asks for a position's analysis (it replaces the search before it). */
  analyse(request: AnalyseRequest): void {
    this.last = request;
    this.send({ type: 'analyse', ...request });
  }
}
