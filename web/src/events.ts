// What the last action did, read from its typed events (the model's Event,
// JSON with a `kind` and a `words` string): the sentences shown to the
// player, and the squares to mark on the board (a vanished piece, a rebirth,
// a blast, a teleport's way).

import type { GameEvent } from './view';

export interface EventMarks {
  vanished: { square: string; color?: string; role?: string }[];
  reborn: string[];
  blast: string[];
  teleports: { from: string; to: string }[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A piece field as the model writes it: {color, role} or "white knight". */
function pieceOf(v: unknown): { color?: string; role?: string } {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return { color: str(o.color), role: str(o.role) };
  }
  const words = str(v)?.split(/\s+/) ?? [];
  return words.length === 2 ? { color: words[0], role: words[1] } : {};
}

export function eventMarks(events: GameEvent[]): EventMarks {
  const marks: EventMarks = { vanished: [], reborn: [], blast: [], teleports: [] };
  for (const e of events) {
    const square = str(e.square);
    if (e.kind === 'vanished' && square) marks.vanished.push({ square, ...pieceOf(e.piece) });
    if (e.kind === 'reborn' && square) marks.reborn.push(square);
    if (e.kind === 'detonated') {
      if (square) marks.blast.push(square);
      if (Array.isArray(e.cleared)) marks.blast.push(...e.cleared.filter((s): s is string => typeof s === 'string'));
    }
    const from = str(e.from);
    const to = str(e.to);
    if (e.kind === 'teleported' && from && to) marks.teleports.push({ from, to });
  }
  return marks;
}

/** The events in words; an event without words gets its kind, so nothing happens unsaid. */
export function describeEvents(events: GameEvent[]): string[] {
  return events.map(e => e.words ?? e.kind.replace(/_/g, ' '));
}

/** Events that say an action was given but not carried out (Looking-Glass's impossible order: a Strike, or the turn forfeited). */
const NOT_CARRIED_OUT = new Set(['strike', 'forfeited']);

/** Whether the action these events follow was carried out on the board (so its squares are the last move's). */
export function carriedOut(events: GameEvent[]): boolean {
  return !events.some(e => NOT_CARRIED_OUT.has(e.kind));
}
