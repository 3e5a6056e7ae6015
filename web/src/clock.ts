// The players' rows, as on lichess: each side's name and rating beside its
// clock, one row over the board and one under it, the side drawn at the
// bottom of the board in the bottom row; the clocks tick down between the
// referee's messages. The server keeps the real time; the page only
// counts down from the last figures it got.

import type { Clocks, Color } from './view';

/** Under this much time the running clock turns red and the low-time sound plays once. */
export const LOW_TIME_MS = 20_000;

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const hours = Math.floor(minutes / 60);
  const mm = hours ? String(minutes % 60).padStart(2, '0') : String(minutes);
  return `${hours ? hours + ':' : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

const sideWord = (c: Color): string => (c === 'white' ? 'White' : 'Black');

export class ClockPair {
  /** The row over the board and the row under it. */
  readonly top: HTMLElement;
  readonly bottom: HTMLElement;
  private readonly rows: Record<Color, HTMLElement>;
  private readonly names: Record<Color, HTMLElement>;
  private readonly faces: Record<Color, HTMLElement>;
  private clocks: Clocks | null = null;
  private named = false;
  private receivedAt = 0;
  private timer: number | undefined;
  /** The side whose clock went under LOW_TIME_MS while running, once per side. */
  private lowSaid = new Set<Color>();

  /** `onLow`: a running clock just went under LOW_TIME_MS. */
  constructor(private readonly onLow: (side: Color) => void = () => {}) {
    this.top = document.createElement('div');
    this.top.className = 'clocks clocks-top';
    this.bottom = document.createElement('div');
    this.bottom.className = 'clocks clocks-bottom';
    this.faces = { white: this.face('white'), black: this.face('black') };
    this.names = { white: this.nameEl('white'), black: this.nameEl('black') };
    this.rows = { white: this.row('white'), black: this.row('black') };
    this.orient('white');
    this.show(false);
  }

  private face(color: Color): HTMLElement {
    const el = document.createElement('div');
    el.className = `clock clock-${color}`;
    el.dataset.color = color;
    el.setAttribute('role', 'timer');
    el.setAttribute('aria-label', `${sideWord(color)}'s clock`);
    return el;
  }

  private nameEl(color: Color): HTMLElement {
    const el = document.createElement('span');
    el.className = `player-name player-name-${color}`;
    el.hidden = true;
    return el;
  }

  private row(color: Color): HTMLElement {
    const el = document.createElement('div');
    el.className = `player-row player-row-${color}`;
    el.dataset.color = color;
    el.append(this.names[color], this.faces[color]);
    return el;
  }

  private show(shown: boolean): void {
    this.top.hidden = !shown;
    this.bottom.hidden = !shown;
  }

  /** The players' names (the server's game); a node links to a profile. Null: an open seat. */
  setNames(names: Record<Color, string | Node | null>): void {
    this.named = true;
    for (const color of ['white', 'black'] as const) {
      const name = this.names[color];
      name.hidden = false;
      name.replaceChildren(`${sideWord(color)}: `, names[color] ?? 'open seat');
    }
    this.show(true);
  }

  /** New figures from the server; null: this game has no clocks. `stopped`: the game is over. */
  set(clocks: Clocks | null, stopped: boolean): void {
    this.clocks = clocks ? { ...clocks, running: stopped ? null : clocks.running } : null;
    this.receivedAt = performance.now();
    this.show(!!clocks || this.named);
    for (const color of ['white', 'black'] as const) this.faces[color].hidden = !clocks;
    window.clearInterval(this.timer);
    this.draw();
    if (this.clocks?.running) this.timer = window.setInterval(() => this.draw(), 200);
  }

  /** Puts `bottom`'s row at the bottom, next to its side of the board. */
  orient(bottom: Color): void {
    const top = bottom === 'white' ? 'black' : 'white';
    this.top.replaceChildren(this.rows[top]);
    this.bottom.replaceChildren(this.rows[bottom]);
  }

  private draw(): void {
    const c = this.clocks;
    if (!c) return;
    const elapsed = performance.now() - this.receivedAt;
    for (const color of ['white', 'black'] as const) {
      const base = color === 'white' ? c.white_ms : c.black_ms;
      const left = c.running === color ? base - elapsed : base;
      const face = this.faces[color];
      face.textContent = `${sideWord(color)} ${formatClock(left)}`;
      face.classList.toggle('running', c.running === color);
      const low = left < LOW_TIME_MS;
      face.classList.toggle('low', low);
      if (low && c.running === color && left > 0 && !this.lowSaid.has(color)) {
        this.lowSaid.add(color);
        this.onLow(color);
      }
    }
  }
}
