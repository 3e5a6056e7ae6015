// A variant's rules page (/rules/<variant>): the build wrote its words and,
// in each figure, the diagram or worked example as data
// (build/rules-pages.mjs); this draws them with the game's own boards and
// lets the reader step through each example with Back and Next or the arrow
// keys. The page's <main> names its variant and its pieces' FEN letters.

import 'chessgroundx/assets/chessground.base.css';
import '../styles/app.css';
import '../styles/rules.css';
import { installPieceStyles } from './pieces';
import { Diagram, type DiagramSpec } from './rules-diagram';
import { variantCatalog } from './variants';

interface ExampleSpec {
  title: string;
  steps: DiagramSpec[];
}

const data = <T>(el: HTMLElement, key: string): T => JSON.parse(el.dataset[key] ?? 'null') as T;

function button(text: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

/** An example: its boards, its step's words (read out as they change), and Back / Next. */
function stepThrough(figure: HTMLElement, example: ExampleSpec, draw: (parent: HTMLElement, first: DiagramSpec) => Diagram): void {
  // Each step's words as the build wrote them (with their links and emphasis), moved into the line under the boards.
  const list = figure.querySelector('.example-steps');
  const captions = [...(list?.children ?? [])].map(li => [...li.childNodes]);
  list?.remove();
  const boards = document.createElement('div');
  boards.className = 'diagram-boards';
  const words = document.createElement('p');
  words.className = 'step-words';
  words.setAttribute('aria-live', 'polite');
  const counter = document.createElement('span');
  counter.className = 'step-count';
  let at = 0;
  const back = button('◀ Back', 'Back one step', () => go(at - 1));
  const next = button('Next ▶', 'Next step', () => go(at + 1));
  const controls = document.createElement('div');
  controls.className = 'step-controls';
  controls.append(back, counter, next);
  figure.append(boards, controls, words);
  const diagram = draw(boards, example.steps[0]);
  function go(step: number): void {
    at = Math.max(0, Math.min(example.steps.length - 1, step));
    const s = example.steps[at];
    diagram.show(s);
    figure.dataset.step = String(at);
    counter.textContent = `Step ${at + 1} of ${example.steps.length}`;
    words.replaceChildren(...(captions[at] ?? []).map(n => n.cloneNode(true)));
    // A button about to be disabled would drop the focus: the example takes it, so the arrow keys still step.
    for (const [b, off] of [[back, at === 0], [next, at === example.steps.length - 1]] as const) {
      if (off && document.activeElement === b) figure.focus();
      b.disabled = off;
    }
  }
  // The arrow keys step while the example (or a button in it) has the focus.
  figure.tabIndex = 0;
  figure.setAttribute('aria-label', `${example.title}: a worked example; the left and right arrow keys step through it`);
  figure.addEventListener('keydown', e => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      go(at + (e.key === 'ArrowRight' ? 1 : -1));
    }
  });
  go(0);
}

async function main(): Promise<void> {
  const page = document.getElementById('rules');
  const variant = page?.dataset.variant;
  if (!page || !variant) return;
  installPieceStyles();
  const letters = data<Record<string, string>>(page, 'pieces');
  const descriptor = (await variantCatalog()).get(variant);
  const figures = [...page.querySelectorAll<HTMLElement>('figure.diagram, figure.example')];
  if (!descriptor) {
    // The words stay; the boards need the variant's shape, which only the server knows.
    for (const f of figures) f.append(Object.assign(document.createElement('p'), { className: 'error', textContent: 'The board cannot be drawn now: the server did not answer. Reload the page to try again.' }));
    return;
  }
  const draw = (parent: HTMLElement, d: DiagramSpec) => new Diagram(parent, variant, descriptor, letters, d.orientation);
  for (const figure of figures) {
    if (figure.classList.contains('diagram')) {
      const d = data<DiagramSpec>(figure, 'diagram');
      draw(figure.querySelector<HTMLElement>('.diagram-boards')!, d).show(d);
    } else {
      stepThrough(figure, data<ExampleSpec>(figure, 'example'), draw);
    }
  }
}

void main();
