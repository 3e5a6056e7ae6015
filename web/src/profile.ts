// A user's profile page: the name, the ECF grade, the rating in each
// variant (lichess's `1500?` while provisional), and the finished games,
// newest first, each with its page and its PGN. On your own profile, a form
// sets or clears your grade.

import { api, ApiError, gameUrl, isUserName, pgnUrl, profileUrl, type ArchivedGame, type ArchivePage, type Me, type Profile } from './api';
import { el, labelCells, link } from './dom';
import { ratingHint, ratingText } from './rating';
import { shortNameOf as titleOf, variantCatalog } from './variants/catalog';

const RATING_COLUMNS = ['Variant', 'Rating', 'Rated games'];
const GAME_COLUMNS = ['Date', 'Variant', 'Colour', 'Opponent', 'Result', 'Kind', ''];

/** A day as 2026-11-26 (UTC, as the PGN's Date). */
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function table(headings: string[], rows: HTMLTableRowElement[], className: string): HTMLTableElement {
  const t = el('table', `list-table ${className}`);
  const head = el('tr');
  for (const h of headings) head.append(el('th', undefined, h));
  const body = el('tbody');
  body.append(...rows);
  t.append(el('thead'), body);
  t.tHead!.append(head);
  return t;
}

const cell = (...content: (string | Node)[]): HTMLTableCellElement => {
  const td = el('td');
  td.append(...content);
  return td;
};

/** A player's name, linking to the profile when it is a user's. */
const playerName = (name: string | null): string | Node => (name && isUserName(name) ? link(profileUrl(name), name) : (name ?? '?'));

/** The game's result for `name`'s side: Won, Lost, Drawn, or the result itself. */
function outcomeFor(name: string, game: ArchivedGame): string {
  const side = game.white?.toLowerCase() === name.toLowerCase() ? 'white' : 'black';
  switch (game.result) {
    case '1-0': return side === 'white' ? 'Won' : 'Lost';
    case '0-1': return side === 'black' ? 'Won' : 'Lost';
    case '1/2-1/2': return 'Drawn';
    default: return game.result ?? 'Ended';
  }
}

export class ProfilePage {
  private readonly errorEl = el('p', 'error');

  constructor(private readonly root: HTMLElement, private readonly name: string) {
    root.classList.add('lobby', 'profile');
    const header = el('header', 'site');
    header.append(el('h1', undefined, name || 'Player'), link('/', 'Lobby'));
    this.errorEl.setAttribute('role', 'alert');
    root.replaceChildren(header, this.errorEl);
    document.title = `Chesslantis: ${name}`;
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const [profile, page, me] = await Promise.all([api.profile(this.name), api.gamesOf(this.name), api.me(), variantCatalog()]);
      const own = me.signed_in && me.name.toLowerCase() === profile.name.toLowerCase();
      this.root.querySelector('h1')!.textContent = profile.name;
      this.root.append(this.about(profile, own ? me : null), this.ratings(profile), this.games(profile.name, page));
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? `${e.message}. Go back to the lobby to find players.` : String(e);
    }
  }

  /** Grade and the day the account was made; your own grade as a form. */
  private about(profile: Profile, me: Me | null): HTMLElement {
    const section = el('section', 'about');
    const grade = el('p', 'grade');
    const showGrade = (g: number | null) => (grade.textContent = g === null ? 'ECF grade: none given' : `ECF grade: ${g}`);
    showGrade(profile.grade);
    section.append(grade, el('p', 'since', `Playing since ${day(profile.created_ms)}`));
    if (me) section.append(this.gradeForm(profile.grade, showGrade));
    return section;
  }

  private gradeForm(current: number | null, saved: (g: number | null) => void): HTMLFormElement {
    const form = el('form', 'grade-form');
    const input = el('input');
    input.type = 'number';
    input.name = 'grade';
    input.min = '0';
    input.max = '300';
    input.step = '1';
    input.value = current === null ? '' : String(current);
    const label = el('label', 'field');
    label.append(el('span', 'field-label', 'Your ECF grade'), input, el('span', 'hint', 'a whole number 0-300; leave empty for none'));
    const save = el('button', undefined, 'Save grade');
    save.type = 'submit';
    const note = el('p', 'grade-note');
    note.setAttribute('role', 'status');
    form.append(label, save, note);
    form.addEventListener('submit', async e => {
      e.preventDefault();
      const text = input.value.trim();
      try {
        const profile = await api.setGrade(text === '' ? null : Number(text));
        saved(profile.grade);
        note.className = 'grade-note';
        note.textContent = profile.grade === null ? 'Saved: no grade.' : `Saved: ${profile.grade}.`;
      } catch (err) {
        note.className = 'grade-note error';
        note.textContent = err instanceof ApiError ? err.message : String(err);
      }
    });
    return form;
  }

  private ratings(profile: Profile): HTMLElement {
    const section = el('section', 'ratings');
    section.append(el('h2', undefined, 'Ratings'));
    if (!profile.ratings.length) {
      section.append(el('p', undefined, 'No rated games yet.'));
      return section;
    }
    const rows = profile.ratings.map(r => {
      const row = el('tr', 'rating');
      row.dataset.variant = r.variant;
      const value = cell(ratingText(r));
      value.title = ratingHint(r);
      row.append(cell(titleOf(r.variant)), value, cell(String(r.games)));
      return labelCells(row, RATING_COLUMNS);
    });
    section.append(table(RATING_COLUMNS, rows, 'ratings-table'));
    if (profile.ratings.some(r => r.provisional)) section.append(el('p', 'hint', '? marks a provisional rating: too few rated games to be sure of it yet.'));
    return section;
  }

  /** The finished games, a page at a time: "Older games" fetches the next. */
  private games(name: string, page: ArchivePage): HTMLElement {
    const section = el('section', 'archive');
    section.append(el('h2', undefined, 'Finished games'));
    if (!page.games.length) {
      section.append(el('p', undefined, 'No finished games yet.'));
      return section;
    }
    const rows = page.games.map(g => this.gameRow(name, g));
    const games = table(GAME_COLUMNS, rows, 'games-table');
    section.append(games);
    let next = page.next;
    if (next) {
      const more = el('button', 'older-games', 'Older games');
      more.addEventListener('click', () => {
        if (!next) return;
        more.disabled = true;
        api.gamesOf(name, next).then(older => {
          games.querySelector('tbody')!.append(...older.games.map(g => this.gameRow(name, g)));
          next = older.next;
          more.disabled = false;
          if (!next) more.remove();
        }, e => {
          more.disabled = false;
          this.errorEl.textContent = e instanceof ApiError ? `${e.message}. Try again.` : String(e);
        });
      });
      section.append(more);
    }
    return section;
  }

  private gameRow(name: string, g: ArchivedGame): HTMLTableRowElement {
    const row = el('tr', 'archived-game');
    row.dataset.id = g.id;
    const white = g.white?.toLowerCase() === name.toLowerCase();
    const pgn = link(pgnUrl(g.id), 'PGN', 'pgn-link');
    pgn.download = `chesslantis-${g.id}.pgn`;
    const result = cell(outcomeFor(name, g));
    if (g.words) result.append(el('span', 'hint', ` (${g.words})`));
    row.append(
      cell(day(g.created_ms)),
      cell(titleOf(g.variant)),
      cell(white ? 'White' : 'Black'),
      cell(playerName(white ? g.black : g.white)),
      result,
      cell(g.rated ? 'rated' : 'casual'),
      cell(link(gameUrl(g.id), 'Game', 'game-link'), ' ', pgn),
    );
    return labelCells(row, GAME_COLUMNS);
  }
}
