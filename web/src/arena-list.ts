// The arenas at /arenas: those to come, being played and finished, and for
// a signed-in user the form that makes one (lichess's: variant, clock,
// length, when it starts, rated, a private arena's entry code).

import { api, ApiError, type Me } from './api';
import { arenaApi, arenaUrl, clockWords, CLOCK_INCREMENTS, CLOCK_TIMES, statusWords, type ArenaSummary } from './arena-api';
import { when } from './club-list';
import { el, link, listSection } from './dom';
import { nameOf, variantCatalog } from './variants/catalog';

const COLUMNS = ['Arena', 'Variant', 'Clock', 'Starts', 'Minutes', 'Players', 'Status'];

/** An arena's cells in the lists. */
function arenaCells(a: ArenaSummary): (string | Node)[] {
  const status = a.winner ? `${statusWords[a.status]}: ${a.winner.name} won` : statusWords[a.status];
  return [link(arenaUrl(a.id), a.fullName), a.variant.name, clockWords(a.clock), when(a.startsAt), String(a.minutes), String(a.nbPlayers), status];
}

const arenaTable = (title: string, arenas: ArenaSummary[], empty: string): HTMLElement => listSection('arenas', title, COLUMNS, arenas, empty, 'arena', arenaCells);

export class ArenaListPage {
  private readonly errorEl = el('p', 'error');

  constructor(private readonly root: HTMLElement) {
    root.classList.add('lobby', 'arena-pages');
    const header = el('header', 'site');
    header.append(el('h1', undefined, 'Arenas'), link('/', 'Lobby'), link('/tournaments', 'Club events'));
    this.errorEl.setAttribute('role', 'alert');
    root.replaceChildren(header, this.errorEl);
    document.title = 'Chesslantis: arenas';
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const [lists, me, catalog] = await Promise.all([arenaApi.list(), api.me(), variantCatalog()]);
      this.root.append(
        arenaTable('Playing now', lists.started, 'No arena is being played.'),
        arenaTable('Coming', lists.created, 'No arena is planned.'),
        arenaTable('Finished', lists.finished, 'No arena has finished yet.'),
        this.newArenaSection(me, [...catalog.keys()]),
      );
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? e.message : String(e);
    }
  }

  /** The form that makes an arena; a guest is told to sign in first. */
  private newArenaSection(me: Me, variants: string[]): HTMLElement {
    const section = el('section', 'new-arena');
    section.append(el('h2', undefined, 'Make an arena'));
    if (!me.signed_in) {
      section.append(el('p', undefined, 'Sign up or log in (in the lobby) to make an arena.'));
      return section;
    }
    const form = el('form', 'new-game-form new-arena-form');
    const field = (label: string, input: HTMLElement, hint?: string) => {
      const f = el('label', 'field');
      f.append(el('span', 'field-label', label), input);
      if (hint) f.append(el('span', 'hint', hint));
      return f;
    };
    const select = (name: string, options: [string, string][], value: string) => {
      const s = el('select');
      s.name = name;
      for (const [v, text] of options) s.append(new Option(text, v));
      s.value = value;
      return s;
    };
    const name = el('input');
    name.name = 'name';
    name.maxLength = 30;
    name.placeholder = 'named after the variant if empty';
    const variant = select('variant', variants.map(v => [v, nameOf(v)]), variants.includes('chess') ? 'chess' : variants[0]);
    const clockTime = select('clockTime', CLOCK_TIMES.map(t => [String(t), `${t} min`]), '3');
    const increment = select('clockIncrement', CLOCK_INCREMENTS.map(i => [String(i), `${i} s`]), '2');
    const minutes = el('input');
    minutes.name = 'minutes';
    minutes.type = 'number';
    minutes.min = '1';
    minutes.max = '720';
    minutes.value = '45';
    minutes.required = true;
    const wait = select('waitMinutes', [0, 1, 2, 3, 5, 10, 15, 20, 30, 45, 60].map(m => [String(m), m ? `in ${m} min` : 'now']), '5');
    const rated = el('input');
    rated.type = 'checkbox';
    rated.name = 'rated';
    const code = el('input');
    code.name = 'entryCode';
    code.maxLength = 40;
    const make = el('button', undefined, 'Make the arena');
    make.type = 'submit';
    const note = el('p', 'error');
    note.setAttribute('role', 'alert');
    form.append(
      field('Name', name),
      field('Variant', variant),
      field('Clock', clockTime),
      field('Increment', increment),
      field('Minutes', minutes, '1 to 720: how long the arena lasts'),
      field('Starts', wait),
      field('Rated', rated),
      field('Entry code', code, 'makes it private: only players with the code (or its link) join'),
      make,
      note,
    );
    form.addEventListener('submit', async e => {
      e.preventDefault();
      try {
        const made = await arenaApi.create({
          name: name.value,
          variant: variant.value,
          clockTime: Number(clockTime.value),
          clockIncrement: Number(increment.value),
          minutes: Number(minutes.value),
          waitMinutes: Number(wait.value),
          rated: rated.checked,
          entryCode: code.value.trim() || undefined,
        });
        location.assign(arenaUrl(made.id, made.entryCode));
      } catch (err) {
        note.textContent = err instanceof ApiError ? err.message : String(err);
      }
    });
    section.append(form);
    return section;
  }
}
