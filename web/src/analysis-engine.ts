// The engine's opinion of the position on the analysis board, as the
// socket's `eval` messages bring it: the evaluation bar (White's share, from
// White's side), the number, the depth, the best lines in SAN (1 to 3, a
// selector), or before a roll the expected value with each roll's odds and
// value; a position that is over says its result, one the variant's engine
// cannot value says why.

import { el } from './dom';
import type { AnalysisMessage, Score } from './analysis-socket';
import { scoreText, scoreWords, whiteShare } from './analysis-score';

type Eval = Extract<AnalysisMessage, { type: 'eval' }>;

/** How many best lines may be asked for. */
const MOST_LINES = 3;

export class EnginePanel {
  readonly element = el('section', 'engine');
  private readonly bar = el('div', 'eval-bar');
  private readonly white = el('div', 'eval-white');
  private readonly number = el('span', 'eval-number', '…');
  private readonly depth = el('span', 'eval-depth');
  private readonly linesSelect = el('select', 'lines-count');
  private readonly body = el('div', 'engine-body');

  constructor(onLines: (count: number) => void) {
    this.element.setAttribute('aria-label', 'Engine');
    this.bar.setAttribute('role', 'meter');
    this.bar.setAttribute('aria-label', "White's share of the evaluation");
    this.bar.setAttribute('aria-valuemin', '0');
    this.bar.setAttribute('aria-valuemax', '100');
    this.bar.append(this.white);
    for (let n = 1; n <= MOST_LINES; n++) {
      const option = el('option', undefined, n === 1 ? '1 line' : `${n} lines`);
      option.value = String(n);
      this.linesSelect.append(option);
    }
    this.linesSelect.setAttribute('aria-label', 'Best lines shown');
    this.linesSelect.addEventListener('change', () => onLines(this.lines));
    const head = el('div', 'engine-head');
    this.number.setAttribute('aria-live', 'polite');
    head.append(this.number, this.depth, this.linesSelect);
    this.element.append(this.bar, head, this.body);
    this.setShare(50);
  }

  /** The number of best lines chosen. */
  get lines(): number {
    return Number(this.linesSelect.value) || 1;
  }

  private setShare(share: number): void {
    const rounded = Math.round(share * 10) / 10;
    this.white.style.width = `${rounded}%`;
    this.bar.setAttribute('aria-valuenow', String(rounded));
  }

  private setScore(score: Score): void {
    this.setShare(whiteShare(score));
    this.number.textContent = scoreText(score);
    this.number.title = scoreWords(score);
    this.number.setAttribute('aria-label', `Evaluation ${scoreText(score)}: ${scoreWords(score)}`);
  }

  /** A new position is being searched: the last one's lines go. */
  searching(): void {
    this.element.dataset.state = 'searching';
    this.depth.textContent = 'Searching…';
    this.body.replaceChildren();
  }

  show(message: Eval): void {
    this.element.dataset.state = message.done ? 'done' : 'searching';
    // A position that is over, or one the variant's engine cannot value: words instead of a number.
    const words = message.over !== undefined ? `The game is over: ${message.over}` : message.note;
    if (words !== undefined) {
      this.number.textContent = '–';
      this.number.removeAttribute('aria-label');
      this.depth.textContent = '';
      this.setShare(50);
      this.body.replaceChildren(el('p', message.over !== undefined ? 'engine-over' : 'engine-note', words));
      return;
    }
    this.depth.textContent = message.depth !== undefined ? `Depth ${message.depth}${message.done ? '' : '…'}` : '';
    if (message.chance) {
      this.showChance(message.chance, message.expected);
      return;
    }
    const lines = message.lines ?? [];
    if (lines.length) this.setScore(lines[0].score);
    const list = el('ol', 'engine-lines');
    for (const line of lines.slice(0, this.lines)) {
      const li = el('li', 'engine-line');
      li.append(el('span', 'line-score', scoreText(line.score)), ' ', el('span', 'line-moves', line.san.join(' ')));
      list.append(li);
    }
    this.body.replaceChildren(list);
  }

  /** Before a roll: the expected value, and each roll's odds and value. */
  private showChance(chance: NonNullable<Eval['chance']>, expected: Score | undefined): void {
    if (expected) this.setScore(expected);
    const table = el('table', 'roll-odds');
    table.append(el('caption', undefined, expected ? `The dice decide: expected value ${scoreText(expected)}` : 'The dice decide'));
    const head = el('tr');
    head.append(el('th', undefined, 'Roll'), el('th', undefined, 'Odds'), el('th', undefined, 'Value'));
    table.append(head);
    for (const c of chance) {
      const row = el('tr', 'roll-outcome');
      row.dataset.action = c.action;
      row.append(el('td', undefined, c.action), el('td', undefined, `${(c.probability * 100).toFixed(1)}%`), el('td', undefined, scoreText(c.score)));
      table.append(row);
    }
    this.body.replaceChildren(table);
  }

  /** An error in players' words, with a button that asks again when asking again may help. */
  showError(text: string, retry?: () => void): void {
    this.element.dataset.state = 'error';
    this.depth.textContent = '';
    const box = el('div', 'engine-error');
    box.setAttribute('role', 'alert');
    box.append(el('p', undefined, text));
    if (retry) {
      const again = el('button', 'engine-retry', 'Try again now');
      again.type = 'button';
      again.addEventListener('click', retry);
      box.append(again);
    }
    this.body.replaceChildren(box);
  }
}
