// Both clocks, ticking down between the referee's messages. The server keeps
// the real time; the page only counts down from the last figures it got.

import type { Clocks, Color } from './view';

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const hours = Math.floor(minutes / 60);
  const mm = hours ? String(minutes % 60).padStart(2, '0') : String(minutes);
  return `${hours ? hours + ':' : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

export class ClockPair {
  readonly element: HTMLElement;
  private readonly faces: Record<Color, HTMLElement>;
  private clocks: Clocks | null = null;
  private receivedAt = 0;
  private timer: number | undefined;

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'clocks';
    this.faces = { white: this.face('white'), black: this.face('black') };
    this.element.append(this.faces.black, this.faces.white);
    this.element.hidden = true;
  }

  private face(color: Color): HTMLElement {
    const el = document.createElement('div');
    el.className = `clock clock-${color}`;
    el.dataset.color = color;
    return el;
  }

  /** New figures from the server; null: this game has no clocks. `stopped`: the game is over. */
  set(clocks: Clocks | null, stopped: boolean): void {
    this.clocks = clocks ? { ...clocks, running: stopped ? null : clocks.running } : null;
    this.receivedAt = performance.now();
    this.element.hidden = !clocks;
    window.clearInterval(this.timer);
    this.draw();
    if (this.clocks?.running) this.timer = window.setInterval(() => this.draw(), 200);
  }

  /** Puts the viewer's own clock at the bottom, next to its side of the board. */
  orient(bottom: Color): void {
    const top = bottom === 'white' ? 'black' : 'white';
    this.element.replaceChildren(this.faces[top], this.faces[bottom]);
  }

  private draw(): void {
    const c = this.clocks;
    if (!c) return;
    const elapsed = performance.now() - this.receivedAt;
    for (const color of ['white', 'black'] as const) {
      const base = color === 'white' ? c.white_ms : c.black_ms;
      const left = c.running === color ? base - elapsed : base;
      const face = this.faces[color];
      face.textContent = `${color === 'white' ? 'White' : 'Black'} ${formatClock(left)}`;
      face.classList.toggle('running', c.running === color);
      face.classList.toggle('low', left < 20_000);
    }
  }
}
