// The lobby: who you are (sign up, log in, log out), the open seeks
// (refreshed every few seconds), the form for a new game (an open seek, a
// challenge link, rated or casual, or the engine at a strength 0-20), a box
// to watch or join a game by its link, and the rules.

import { AccountBox } from './account';
import { api, ApiError, gameUrl, isUserName, profileUrl, rulesUrl, type Descriptor, type GameOption, type Me, type NewGame, type Seek } from './api';
import { formatClock } from './clock';
import { el, labelCells, link } from './dom';
import { ratingHint, ratingText } from './rating';
import type { Color } from './view';

const SEEKS_EVERY_MS = 2000;

/** The seeks table's columns; the last holds Accept. */
const SEEK_COLUMNS = ['Variant', 'By', 'Rating', 'You play', 'Time', 'Game', ''];


/** "5+2" style: each side's time, then the increment in seconds. */
export function timeControl(whiteMs: number, blackMs: number, incrementMs: number): string {
  const inc = `+${incrementMs / 1000}`;
  return whiteMs === blackMs ? `${formatClock(whiteMs)} ${inc}` : `White ${formatClock(whiteMs)}, Black ${formatClock(blackMs)} ${inc}`;
}

/** A labelled form field. */
function field(label: string, input: HTMLInputElement | HTMLSelectElement, hint?: string): HTMLLabelElement {
  const l = el('label', 'field');
  l.append(el('span', 'field-label', label), input);
  if (hint) l.append(el('span', 'hint', hint));
  return l;
}

function numberInput(name: string, value: number, min: number, max: number, step: string): HTMLInputElement {
  const i = el('input');
  i.type = 'number';
  i.name = name;
  i.value = String(value);
  i.min = String(min);
  i.max = String(max);
  i.step = step;
  i.required = true;
  return i;
}

function select(name: string, options: [string, string][]): HTMLSelectElement {
  const s = el('select');
  s.name = name;
  for (const [value, text] of options) {
    const o = el('option', undefined, text);
    o.value = value;
    s.append(o);
  }
  return s;
}

export class Lobby {
  private readonly errorEl = el('p', 'error');
  private readonly account = new AccountBox(me => this.signedIn(me));
  /** The signed-in player's own ratings, in the header (as lichess shows them). */
  private readonly myRatings = el('p', 'my-ratings');
  private readonly seeksBody = el('tbody');
  private readonly seeksEmpty = el('p', 'seeks-empty', 'No open seeks just now: post one, or make a challenge link.');
  private readonly variant = select('variant', []);
  private readonly myTime = numberInput('time', 5, 0.002, 180, 'any');
  private readonly theirTime = numberInput('opponent_time', 5, 0.002, 180, 'any');
  private readonly increment = numberInput('increment', 2, 0, 60, 'any');
  private readonly colour = select('colour', [['random', 'Random'], ['white', 'White'], ['black', 'Black']]);
  private readonly level = numberInput('level', 10, 0, 20, '1');
  private readonly rated = el('input');
  private readonly ratedHint = el('span', 'hint rated-hint');
  /** Every variant as its own code describes it, by id (from the server). */
  private descriptors = new Map<string, Descriptor>();
  /** The chosen variant's rule options, as checkboxes. */
  private readonly optionsBox = el('fieldset', 'game-options');
  private readonly rulesList = el('ul', 'rules-list');
  private me = '';
  private seeks: Seek[] = [];

  constructor(root: HTMLElement) {
    root.classList.add('lobby');
    const header = el('header', 'site');
    this.myRatings.hidden = true;
    header.append(el('h1', undefined, 'Chesslantis'), this.account.element, this.myRatings, link('/tournaments', 'Club events'), link('/arenas', 'Arenas'));
    this.errorEl.setAttribute('role', 'alert');
    root.replaceChildren(header, this.errorEl, this.newGameSection(), this.seeksSection(), this.watchSection(), this.rulesSection());
    void this.start();
  }

  private async start(): Promise<void> {
    try {
      const [me, variants] = await Promise.all([api.me(), api.variants()]);
      this.account.show(me, '');
      this.descriptors = new Map(variants.map(v => [v.id, v]));
      this.variant.replaceChildren(...variants.map(v => {
        const o = el('option', undefined, v.short_name);
        o.value = v.id;
        return o;
      }));
      this.showRules(variants.map(v => v.id));
      this.showOptions();
    } catch (e) {
      this.fail(e);
    }
    await this.refreshSeeks();
    setInterval(() => void this.refreshSeeks(), SEEKS_EVERY_MS);
  }

  /** Who plays from this page changed (or is known): their own seeks, whether they may play rated. */
  private signedIn(me: Me): void {
    this.me = me.name;
    this.rated.disabled = !me.signed_in;
    if (!me.signed_in) this.rated.checked = false;
    this.ratedHint.textContent = me.signed_in
      ? 'changes both players\' ratings; games against the engine are never rated'
      : 'sign up or log in above to play rated games';
    this.showSeeks();
    void this.showMyRatings(me);
  }

  /** The signed-in player's ratings by variant, from their profile (a guest has none). */
  private async showMyRatings(me: Me): Promise<void> {
    this.myRatings.replaceChildren();
    this.myRatings.hidden = true;
    if (!me.signed_in) return;
    let ratings;
    try {
      ratings = (await api.profile(me.name)).ratings;
    } catch {
      return; // the header goes without: the profile page has them
    }
    if (this.me !== me.name) return; // someone else signed in meanwhile
    this.myRatings.hidden = false;
    if (!ratings.length) {
      this.myRatings.textContent = 'Your ratings: none yet (play a rated game)';
      return;
    }
    this.myRatings.append('Your ratings: ');
    ratings.forEach((r, i) => {
      const shown = el('span', 'my-rating', `${this.descriptors.get(r.variant)?.short_name ?? r.variant} ${ratingText(r)}`);
      shown.title = ratingHint(r);
      shown.dataset.variant = r.variant;
      this.myRatings.append(i ? ', ' : '', shown);
    });
  }

  private fail(e: unknown): void {
    this.errorEl.textContent = e instanceof ApiError ? e.message : String(e);
  }

  private newGameSection(): HTMLElement {
    const section = el('section', 'new-game');
    const form = el('form', 'new-game-form');
    form.noValidate = false;
    const seek = el('button', 'create-seek', 'Post an open seek');
    seek.type = 'submit';
    seek.value = 'seek';
    const challenge = el('button', 'create-challenge', 'Make a challenge link');
    challenge.type = 'submit';
    challenge.value = 'challenge';
    const engine = el('button', 'create-engine', 'Play the engine');
    engine.type = 'submit';
    engine.value = 'engine';
    this.rated.type = 'checkbox';
    this.rated.name = 'rated';
    this.rated.disabled = true;
    const rated = el('label', 'option rated');
    rated.append(this.rated, ' Rated');
    const people = el('fieldset', 'people');
    people.append(el('legend', undefined, 'Against a person'), rated, this.ratedHint, seek, challenge);
    const machine = el('fieldset', 'machine');
    machine.append(el('legend', undefined, 'Against the engine'), field('Strength (0-20)', this.level, '0 is the weakest, 20 the full engine'), engine);
    this.variant.addEventListener('change', () => this.showOptions());
    form.append(
      field('Variant', this.variant),
      this.optionsBox,
      field('Your time (minutes)', this.myTime),
      field("Opponent's time (minutes)", this.theirTime, 'a different time gives odds (grade bands)'),
      field('Increment (seconds)', this.increment),
      field('Your colour', this.colour),
      people,
      machine,
    );
    form.addEventListener('submit', e => {
      e.preventDefault();
      const kind = ((e as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? 'seek';
      void this.create(kind);
    });
    section.append(el('h2', undefined, 'New game'), form);
    return section;
  }

  private async create(kind: string): Promise<void> {
    const minutes = (input: HTMLInputElement) => Math.round(Number(input.value) * 60_000);
    const game: NewGame = {
      variant: this.variant.value,
      time_ms: minutes(this.myTime),
      opponent_time_ms: minutes(this.theirTime),
      increment_ms: Math.round(Number(this.increment.value) * 1000),
      colour: this.colour.value as Color | 'random',
    };
    const options = this.chosenOptions();
    if (Object.keys(options).length) game.options = options;
    if (kind === 'engine') game.opponent = { engine: { level: Number(this.level.value) } };
    else {
      game.open = kind === 'seek';
      if (this.rated.checked && !this.rated.disabled) game.rated = true;
    }
    try {
      const created = await api.create(game);
      location.assign(created.url || gameUrl(created.id));
    } catch (e) {
      this.fail(e);
    }
  }

  /** One checkbox per rule option of the chosen variant (Looking-Glass's forfeit rule); none for most variants. */
  private showOptions(): void {
    const options: GameOption[] = this.descriptors.get(this.variant.value)?.options ?? [];
    this.optionsBox.hidden = options.length === 0;
    this.optionsBox.replaceChildren(el('legend', undefined, 'Rules of this game'));
    for (const option of options) {
      const box = el('input');
      box.type = 'checkbox';
      box.name = `option-${option.name}`;
      box.dataset.option = option.name;
      const label = el('label', 'option');
      label.append(box, ` ${option.label}`, el('span', 'hint', `: ${option.hint}`));
      this.optionsBox.append(label);
    }
  }

  private chosenOptions(): Record<string, boolean> {
    const chosen: Record<string, boolean> = {};
    for (const box of this.optionsBox.querySelectorAll<HTMLInputElement>('input[data-option]')) {
      if (box.checked) chosen[box.dataset.option!] = true;
    }
    return chosen;
  }

  private seeksSection(): HTMLElement {
    const section = el('section', 'seeks');
    const table = el('table', 'seeks-table');
    const head = el('thead');
    const row = el('tr');
    for (const h of SEEK_COLUMNS) row.append(el('th', undefined, h));
    head.append(row);
    table.append(head, this.seeksBody);
    section.append(el('h2', undefined, 'Open seeks'), this.seeksEmpty, table);
    return section;
  }

  private async refreshSeeks(): Promise<void> {
    let seeks: Seek[];
    try {
      seeks = await api.seeks();
    } catch (e) {
      this.fail(e);
      return;
    }
    this.seeks = seeks;
    this.showSeeks();
  }

  private showSeeks(): void {
    this.seeksEmpty.hidden = this.seeks.length > 0;
    this.seeksBody.replaceChildren(...this.seeks.map(s => this.seekRow(s)));
  }

  private seekRow(seek: Seek): HTMLTableRowElement {
    const row = el('tr', 'seek');
    row.dataset.id = seek.id;
    const variantCell = el('td');
    variantCell.append(link(gameUrl(seek.id), this.descriptors.get(seek.variant)?.short_name ?? seek.variant));
    const rules = rulesUrl(seek.variant);
    if (rules) variantCell.append(' ', link(rules, '(rules)', 'rules-link'));
    const action = el('td');
    if (seek.by === this.me) {
      action.append(link(gameUrl(seek.id), 'Yours: waiting'));
    } else {
      const accept = el('button', 'accept-seek', 'Accept');
      accept.type = 'button';
      accept.addEventListener('click', () => void this.accept(seek.id));
      action.append(accept);
    }
    const by = el('td', 'seek-by');
    by.append(isUserName(seek.by) ? link(profileUrl(seek.by), seek.by) : seek.by);
    const rating = el('td', 'seek-rating', seek.rating ? ratingText(seek.rating) : '');
    if (seek.rating) rating.title = ratingHint(seek.rating);
    const kind = el('td', 'seek-kind', seek.rated ? 'rated' : 'casual');
    row.append(variantCell, by, rating, el('td', undefined, seek.seat === 'white' ? 'White' : 'Black'), el('td', undefined, timeControl(seek.white_ms, seek.black_ms, seek.increment_ms)), kind, action);
    return labelCells(row, SEEK_COLUMNS);
  }

  private async accept(id: string): Promise<void> {
    try {
      await api.accept(id);
      location.assign(gameUrl(id));
    } catch (e) {
      this.fail(e);
    }
  }

  private watchSection(): HTMLElement {
    const section = el('section', 'watch');
    const form = el('form', 'watch-form');
    const input = el('input');
    input.name = 'game';
    input.placeholder = 'A game link or id';
    input.required = true;
    const go = el('button', undefined, 'Open the game');
    go.type = 'submit';
    form.append(field('Watch or join a game', input, 'paste the link someone sent you'), go);
    form.addEventListener('submit', e => {
      e.preventDefault();
      const id = /(?:\/game\/)?([A-Za-z0-9_-]+)\/?$/.exec(input.value.trim())?.[1];
      if (!id) {
        this.errorEl.textContent = `“${input.value}” is not a game link: paste a link like ${location.origin}/game/q0w7e2r9t1, or its id.`;
        return;
      }
      location.assign(gameUrl(id));
    });
    section.append(el('h2', undefined, 'Watch a game'), form);
    return section;
  }

  private rulesSection(): HTMLElement {
    const section = el('section', 'rules');
    section.append(el('h2', undefined, 'Rules'), this.rulesList);
    this.showRules(__RULES_PAGES__);
    return section;
  }

  private showRules(variants: string[]): void {
    this.rulesList.replaceChildren(
      ...variants.flatMap(v => {
        const url = rulesUrl(v);
        if (!url) return [];
        const li = el('li');
        li.append(link(url, this.descriptors.get(v)?.short_name ?? v));
        return [li];
      }),
    );
  }
}
