// The evaluation graph of a game's computer analysis, drawn here as SVG (no
// chart library), as lichess draws it: White's winning chances after each
// action (analysis-score.ts), White's advantage above the middle line and
// Black's below it, a dot on each judged move in lichess's colours
// (inaccuracy blue, mistake orange, blunder red); a click on the graph, or
// Enter on a dot, goes to that move.

import { winningChances } from './analysis-score';
import type { Score } from './analysis-socket';
import type { Judgement } from './analysis-moves';
import { GLYPHS } from './analysis-moves';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 160;

/** Lichess's colours of the judgements. */
const COLOURS: Record<string, string> = { Inaccuracy: '#56b4e9', Mistake: '#e69f00', Blunder: '#db3031' };

/** One action of the game on the graph. */
export interface GraphPoint {
  /** The score after it; null where it has none (a resignation, the last move of a mate). */
  score: Score | null;
  judgement?: Judgement;
  /** What the move is called in the list (`3. Qg4`). */
  label: string;
}

function node<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, String(value));
  return e;
}

export class EvalGraph {
  readonly element = node('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'eval-graph', role: 'group' });
  private readonly cursor = node('line', { class: 'graph-cursor', y1: 0, y2: HEIGHT });
  private xs: number[] = [];

  /** `onPick`: the number of actions to show (the position after the picked one). */
  constructor(private readonly onPick: (count: number) => void) {
    this.element.setAttribute('aria-label', "Evaluation graph: White's advantage above the middle line, Black's below it");
  }

  draw(points: GraphPoint[]): void {
    const n = points.length;
    const x = (i: number) => (n <= 1 ? WIDTH / 2 : (i / (n - 1)) * WIDTH);
    const y = (chances: number) => HEIGHT / 2 - (chances * HEIGHT) / 2;
    // An action without a score keeps the value before it (nothing changed on the board).
    let value = 0;
    const ys = points.map(p => {
      if (p.score) value = winningChances(p.score);
      return y(value);
    });
    this.xs = points.map((_, i) => x(i));
    const defs = node('defs', {});
    const gradient = node('linearGradient', { id: 'eval-graph-fill', x1: 0, y1: 0, x2: 0, y2: HEIGHT, gradientUnits: 'userSpaceOnUse' });
    gradient.append(node('stop', { offset: '50%', 'stop-color': '#ffffff' }), node('stop', { offset: '50%', 'stop-color': '#3a3a3a' }));
    defs.append(gradient);
    const line = ys.map((v, i) => `${this.xs[i].toFixed(1)},${v.toFixed(1)}`).join(' ');
    const area = n ? `${this.xs[0].toFixed(1)},${HEIGHT / 2} ${line} ${this.xs[n - 1].toFixed(1)},${HEIGHT / 2}` : '';
    const children: SVGElement[] = [
      defs,
      node('rect', { class: 'graph-back', x: 0, y: 0, width: WIDTH, height: HEIGHT }),
      node('polygon', { class: 'graph-area', points: area, fill: 'url(#eval-graph-fill)' }),
      node('line', { class: 'graph-middle', x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }),
      node('polyline', { class: 'graph-line', points: line }),
      this.cursor,
    ];
    // A column per action takes the pointer's clicks anywhere above or below its point.
    const column = n ? WIDTH / Math.max(1, n - 1) : WIDTH;
    points.forEach((_, i) => {
      const hit = node('rect', { class: 'graph-hit', x: Math.max(0, this.xs[i] - column / 2), y: 0, width: column, height: HEIGHT, fill: 'transparent' });
      hit.dataset.count = String(i + 1);
      hit.addEventListener('click', () => this.onPick(i + 1));
      children.push(hit);
    });
    points.forEach((p, i) => {
      if (!p.judgement) return;
      const dot = node('circle', { class: `graph-dot graph-${p.judgement.name.toLowerCase()}`, cx: this.xs[i], cy: ys[i], r: 6, fill: COLOURS[p.judgement.name] ?? '#888', tabindex: 0, role: 'button' });
      dot.dataset.count = String(i + 1);
      dot.dataset.judgement = p.judgement.name;
      dot.setAttribute('aria-label', `${p.label}${GLYPHS[p.judgement.name] ?? ''}: ${p.judgement.comment}`);
      const title = node('title', {});
      title.textContent = `${p.label}${GLYPHS[p.judgement.name] ?? ''} ${p.judgement.comment}`;
      dot.append(title);
      dot.addEventListener('click', () => this.onPick(i + 1));
      dot.addEventListener('keydown', e => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        this.onPick(i + 1);
      });
      children.push(dot);
    });
    this.element.replaceChildren(...children);
  }

  /** Marks the position shown: after `count` actions (0: the start, before the first point). */
  mark(count: number): void {
    const x = count > 0 ? this.xs[count - 1] : undefined;
    this.cursor.style.display = x === undefined ? 'none' : '';
    if (x !== undefined) {
      this.cursor.setAttribute('x1', String(x));
      this.cursor.setAttribute('x2', String(x));
    }
  }
}
