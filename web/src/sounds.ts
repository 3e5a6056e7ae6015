// The game's sounds, as lichess plays them: a move, a capture, a check, the
// viewer's own clock running low, the start and the end of the game. Small
// WAV files of our own (public/sounds/, made by art/make-sounds.mjs), served
// by the server like every other file. A mute switch, remembered by the
// browser (localStorage), silences them all.

import { el } from './dom';
import { bringsNewAction, type Heard } from './heard';
import type { GameEvent, View } from './view';

export type SoundName = 'move' | 'capture' | 'check' | 'low-time' | 'start' | 'end';

/** Where the browser remembers the mute switch. */
export const MUTE_KEY = 'chesslantis.sound.muted';

/** The sound of an action, from its events: a check is heard over a capture, a capture over a plain move. */
export function soundOfEvents(events: GameEvent[]): SoundName | null {
  const kinds = new Set(events.map(e => e.kind));
  if (kinds.has('check')) return 'check';
  if (['captured', 'detonated', 'vanished', 'removed'].some(k => kinds.has(k))) return 'capture';
  return events.length ? 'move' : null;
}

export class Sounds {
  /** The mute switch: pressed means muted. */
  readonly button = el('button', 'mute-sounds');
  private muted: boolean;

  constructor() {
    this.muted = readMuted();
    this.button.type = 'button';
    this.button.setAttribute('aria-label', 'Mute sounds');
    this.button.addEventListener('click', () => {
      this.muted = !this.muted;
      try {
        localStorage.setItem(MUTE_KEY, this.muted ? '1' : '0');
      } catch {
        /* storage refused (a private window): muted for this page only */
      }
      this.show();
    });
    this.show();
  }

  private show(): void {
    this.button.textContent = this.muted ? 'Sound: off' : 'Sound: on';
    this.button.setAttribute('aria-pressed', String(this.muted));
  }

  play(name: SoundName): void {
    if (this.muted) return;
    const audio = new Audio(`${import.meta.env.BASE_URL}sounds/${name}.wav`);
    audio.dataset.sound = name;
    // A browser may refuse to play before the player has touched the page: then the page stays silent.
    audio.play().catch(() => {});
  }
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

/** The sound a new message makes: the start when play begins, the end when an outcome appears, else the new action's. */
export function soundOfUpdate(before: Heard, after: Heard & { view: View }): SoundName | null {
  if (after.status === 'playing' && before.status !== 'playing' && !(after.view.moves ?? []).length) return 'start';
  if (before.view && after.view.outcome && !before.view.outcome) return 'end';
  return bringsNewAction(before, after) ? soundOfEvents(after.view.last?.events ?? []) : null;
}
