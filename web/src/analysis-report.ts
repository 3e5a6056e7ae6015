// A finished game's computer analysis on the analysis page, as lichess's
// "Request a computer analysis": the button (signed-in users), the progress
// while it is queued and running (asked again every POLL_MS), then the
// evaluation graph, each player's accuracy and judgements counted; the
// judgements (and the moves in SAN) go to the move list (analysis-moves.ts)
// through `onDone`.

import { ApiError } from './api';
import { el, link } from './dom';
import { analysisApi, type AnalysisState, type PlayerSummary, type PlyAnalysis } from './analysis-api';
import { EvalGraph } from './analysis-graph';
import type { Judgement } from './analysis-moves';
import type { Score } from './analysis-socket';

/** How often the page asks where a queued or running analysis stands. */
const POLL_MS = 1500;

const sideWord = (seat: string): string => (seat === 'white' ? 'White' : seat === 'black' ? 'Black' : 'The dice');

function scoreOf(entry: PlyAnalysis): Score | null {
  if (entry.mate !== undefined) return { mate: entry.mate };
  if (entry.eval !== undefined) return { cp: entry.eval };
  return null;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export class ComputerAnalysis {
  readonly element = el('section', 'computer-analysis');
  private readonly statusEl = el('div', 'analysis-status');
  private readonly graph: EvalGraph;
  private readonly summary = el('div', 'analysis-summary');
  private timer: number | undefined;

  constructor(
    private readonly gameId: string,
    private readonly signedIn: boolean,
    private readonly onDone: (judgements: Map<number, Judgement>, sans: (string | undefined)[]) => void,
    onPick: (count: number) => void,
  ) {
    this.graph = new EvalGraph(onPick);
    this.graph.element.style.display = 'none';
    this.statusEl.setAttribute('role', 'status');
    this.element.setAttribute('aria-label', 'Computer analysis');
    this.element.append(el('h2', undefined, 'Computer analysis'), this.statusEl, this.graph.element, this.summary);
  }

  /** Asks where the analysis stands, and shows it. */
  async load(): Promise<void> {
    await this.ask(() => analysisApi.state(this.gameId));
  }

  /** The position shown on the board, marked on the graph. */
  mark(count: number): void {
    this.graph.mark(count);
  }

  private async ask(how: () => Promise<AnalysisState>): Promise<void> {
    window.clearTimeout(this.timer);
    try {
      this.render(await how());
    } catch (e) {
      // The refusal in the server's words (too many analyses waiting, not signed in), and the button again.
      this.offer();
      const error = el('p', 'analysis-error', e instanceof ApiError ? e.message : String(e));
      error.setAttribute('role', 'alert');
      this.statusEl.append(error);
    }
  }

  private render(state: AnalysisState): void {
    this.element.dataset.status = state.status;
    switch (state.status) {
      case 'none':
        this.offer();
        return;
      case 'queued':
      case 'running':
        this.showProgress(state);
        this.timer = window.setTimeout(() => void this.ask(() => analysisApi.state(this.gameId)), POLL_MS);
        return;
      case 'failed':
        this.statusEl.replaceChildren(el('p', 'analysis-error', `The computer analysis failed: ${state.error ?? 'the server did not say why'}.`));
        return;
      case 'done':
        this.statusEl.replaceChildren();
        this.showDone(state.analysis ?? [], state.players);
    }
  }

  /** Nobody asked yet: the button for a signed-in user, the way to sign in for a guest. */
  private offer(): void {
    if (!this.signedIn) {
      const p = el('p', 'analysis-sign-in', 'Signed-in players can request a computer analysis of this game: ');
      p.append(link('/', 'sign up or log in in the lobby'), '.');
      this.statusEl.replaceChildren(p);
      return;
    }
    const button = el('button', 'request-analysis', 'Request computer analysis');
    button.type = 'button';
    button.addEventListener('click', () => {
      button.disabled = true;
      void this.ask(() => analysisApi.request(this.gameId));
    });
    this.statusEl.replaceChildren(button);
  }

  private showProgress(state: AnalysisState): void {
    const done = state.progress?.done ?? 0;
    const total = state.progress?.total ?? 0;
    const words = state.status === 'queued' ? 'Waiting for the engine: the analysis is queued…' : `Analysing: ${done} of ${plural(total, 'move')} done…`;
    const bar = el('progress', 'analysis-progress');
    bar.max = Math.max(1, total);
    if (state.status === 'running') bar.value = done;
    bar.setAttribute('aria-label', 'Computer analysis progress');
    this.statusEl.replaceChildren(el('p', undefined, words), bar);
  }

  private showDone(entries: PlyAnalysis[], players: AnalysisState['players']): void {
    const judgements = new Map<number, Judgement>();
    entries.forEach((e, i) => e.judgment && judgements.set(i, e.judgment));
    this.graph.element.style.display = '';
    this.graph.draw(entries.map(e => ({ score: scoreOf(e), judgement: e.judgment, label: `${sideWord(e.seat)}: ${e.san ?? e.action}` })));
    this.summary.replaceChildren();
    if (players) this.summary.append(this.sideSummary('white', players.white), this.sideSummary('black', players.black));
    this.onDone(judgements, entries.map(e => e.san));
  }

  private sideSummary(side: 'white' | 'black', p: PlayerSummary): HTMLElement {
    const box = el('div', `player-summary summary-${side}`);
    box.append(el('h3', undefined, sideWord(side)));
    const accuracy = p.accuracy === null ? 'no move valued' : `${p.accuracy.toFixed(1)}%`;
    const list = el('ul');
    const line = (cls: string, text: string) => list.append(el('li', cls, text));
    line('accuracy', `Accuracy: ${accuracy}`);
    line('count-inaccuracy', plural(p.inaccuracy, 'inaccuracy').replace(/ys$/, 'ies'));
    line('count-mistake', plural(p.mistake, 'mistake'));
    line('count-blunder', plural(p.blunder, 'blunder'));
    if (p.acpl !== null) line('acpl', `Average centipawn loss: ${p.acpl}`);
    box.append(list);
    return box;
  }
}
