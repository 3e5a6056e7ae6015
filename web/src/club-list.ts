// The club events at /tournaments: the coming ones and those started, and
// for a signed-in user a form that makes a new one (name, place, start,
// the variant of each round).

import { api, ApiError, type Descriptor, type Me } from './api';
import { clubApi, eventUrl, stageWords, type EventSummary } from './club-api';
import { el, link, listSection } from './dom';
import { nameOf, variantCatalog } from './variants/catalog';

/** The family the registry gives the club evening's variants (the tournament crate's `CLUB_FAMILY`). */
const CLUB_FAMILY = 'Newport club';

const COLUMNS = ['Event', 'Starts', 'Place', 'Organiser', 'Players', 'Rounds', 'Stage'];

/** A start as 2026-12-11 19:30 (the browser's time zone). */
export const when = (ms: number): string => {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
};

/** An event's cells in the lists. */
const eventCells = (e: EventSummary): (string | Node)[] => [
  link(eventUrl(e.id), e.name),
  when(e.starts_ms),
  e.place,
  e.organiser,
  String(e.players),
  `${e.rounds_paired}/${e.rounds}`,
  stageWords[e.stage],
];

const eventTable = (title: string, events: EventSummary[], empty: string): HTMLElement => listSection('events', title, COLUMNS, events, empty, 'event', eventCells);

export class EventListPage {
  private readonly errorEl = el('p', 'error');

  constructor(private readonly root: HTMLElement) {
    root.classList.add('lobby', 'club');
    const header = el('header', 'site');
    header.append(el('h1', undefined, 'Club events'), link('/', 'Lobby'));
    this.errorEl.setAttribute('role', 'alert');
    root.replaceChildren(header, this.errorEl);
    document.title = 'Chesslantis: club events';
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const [lists, me, catalog] = await Promise.all([clubApi.list(), api.me(), variantCatalog()]);
      this.root.append(
        eventTable('Coming', lists.upcoming, 'No event is planned yet.'),
        eventTable('Started', lists.started, 'No event has started yet.'),
        this.newEventSection(me, [...catalog.values()]),
      );
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? e.message : String(e);
    }
  }

  /** The form that makes an event; a guest is told to sign in first. */
  private newEventSection(me: Me, catalog: Descriptor[]): HTMLElement {
    const variants = catalog.map(d => d.id);
    const section = el('section', 'new-event');
    section.append(el('h2', undefined, 'Organise an event'));
    if (!me.signed_in) {
      section.append(el('p', undefined, 'Sign up or log in (in the lobby) to organise an event.'));
      return section;
    }
    const form = el('form', 'new-game-form new-event-form');
    const field = (label: string, input: HTMLInputElement | HTMLSelectElement, hint?: string) => {
      const f = el('label', 'field');
      f.append(el('span', 'field-label', label), input);
      if (hint) f.append(el('span', 'hint', hint));
      return f;
    };
    const input = (name: string, type: string, value = '') => {
      const i = el('input');
      i.name = name;
      i.type = type;
      i.value = value;
      return i;
    };
    const name = input('name', 'text');
    name.required = true;
    name.maxLength = 100;
    const place = input('place', 'text');
    place.maxLength = 100;
    const start = input('starts', 'datetime-local');
    start.required = true;
    const rounds = input('rounds', 'number', '5');
    rounds.min = '1';
    rounds.max = '20';
    const variantList = el('div', 'round-variants');
    // The club's order by default (the registry's Newport club family): the seed's evening plays one variant a round.
    const club = catalog.filter(d => d.family === CLUB_FAMILY).map(d => d.id);
    const drawVariants = () => {
      const n = Math.min(20, Math.max(1, Number(rounds.value) || 1));
      const kept = [...variantList.querySelectorAll('select')].map(s => s.value);
      variantList.replaceChildren(
        ...Array.from({ length: n }, (_, i) => {
          const select = el('select');
          select.name = `variant-${i + 1}`;
          for (const id of variants) select.append(new Option(nameOf(id), id));
          select.value = kept[i] ?? (variants.includes(club[i]) ? club[i] : 'chess');
          return field(`Round ${i + 1}`, select);
        }),
      );
    };
    rounds.addEventListener('input', drawVariants);
    drawVariants();
    const online = input('online', 'checkbox');
    const make = el('button', undefined, 'Make the event');
    make.type = 'submit';
    const note = el('p', 'error');
    note.setAttribute('role', 'alert');
    form.append(
      field('Name', name),
      field('Place', place, 'where the club meets; may be left empty'),
      field('Starts', start),
      field('Rounds', rounds, '1 to 20, a variant each'),
      variantList,
      field('Played online here', online, 'each round\u2019s games start on the server as it is paired, and the next round is paired when its last game ends'),
      make,
      note,
    );
    form.addEventListener('submit', async e => {
      e.preventDefault();
      try {
        const made = await clubApi.create({
          name: name.value,
          place: place.value,
          starts_ms: new Date(start.value).getTime(),
          rounds: Number(rounds.value),
          variants: [...variantList.querySelectorAll('select')].map(s => s.value),
          online: online.checked,
        });
        location.assign(eventUrl(made.id));
      } catch (err) {
        note.textContent = err instanceof ApiError ? err.message : String(err);
      }
    });
    section.append(form);
    return section;
  }
}
