// One arena at /arena/{id}: what it plays and how long, the caller's place
// with Join / Pause and their game's link, the standing with each player's
// sheet (a digit a game, the ones played on fire marked), the games in
// play, the podium at the end. Read again every few seconds.

import { ApiError } from './api';
import { arenaApi, arenaUrl, clockWords, statusWords, type ArenaFull, type StandingPlayer } from './arena-api';
import { el, labelCells, link } from './dom';

/** How often the page reads the arena again, in ms. */
const REFRESH_MS = 2000;
const COLUMNS = ['Rank', 'Player', 'Sheet', 'Score'];

const minutesLeft = (seconds: number): string => (seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`);

/** A sheet: a digit a game in the order played, those on fire marked. */
function sheetCell(p: StandingPlayer): HTMLElement {
  const sheet = el('span', 'sheet');
  const words: string[] = [];
  for (const g of p.sheet.games) {
    const digit = el('span', g.fire ? 'score fire' : `score ${g.outcome}`, String(g.points));
    if (g.fire) digit.title = 'on fire: points doubled';
    if (g.forfeit) digit.classList.add('forfeit');
    sheet.append(digit);
    words.push(g.fire ? `${g.points} on fire` : String(g.points));
  }
  sheet.setAttribute('aria-label', words.length ? `games: ${words.join(', ')}` : 'no game yet');
  return sheet;
}

function standingRow(p: StandingPlayer): HTMLTableRowElement {
  const row = el('tr');
  const name = el('span', undefined, p.name);
  const cells: (string | Node)[] = [String(p.rank), name, sheetCell(p), String(p.score)];
  if (p.sheet.fire) name.append(el('span', 'on-fire', ' 🔥'), el('span', 'visually-hidden', ' (on fire)'));
  if (p.withdraw) name.append(el('span', 'paused', ' (paused)'));
  for (const c of cells) {
    const td = el('td');
    td.append(c);
    row.append(td);
  }
  return labelCells(row, COLUMNS);
}

export class ArenaPage {
  private readonly errorEl = el('p', 'error');
  private readonly statusEl = el('p', 'arena-status');
  private readonly body = el('div', 'arena-body');
  private page = 1;

  constructor(root: HTMLElement, private readonly id: string, private entryCode: string) {
    root.classList.add('lobby', 'arena-pages');
    this.errorEl.setAttribute('role', 'alert');
    this.statusEl.setAttribute('role', 'status');
    root.replaceChildren(this.body, this.statusEl, this.errorEl);
    void this.refresh();
    setInterval(() => void this.refresh(), REFRESH_MS);
  }

  private async refresh(): Promise<void> {
    try {
      this.draw(await arenaApi.arena(this.id, this.page));
      this.errorEl.textContent = '';
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? `${e.message}. The arenas are listed at /arenas.` : String(e);
    }
  }

  private async act(what: () => Promise<unknown>, done: string): Promise<void> {
    try {
      await what();
      this.statusEl.textContent = done;
      this.errorEl.textContent = '';
      await this.refresh();
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? e.message : String(e);
    }
  }

  private draw(a: ArenaFull): void {
    document.title = `Chesslantis: ${a.fullName}`;
    const header = el('header', 'site');
    header.append(el('h1', undefined, a.fullName), link('/', 'Lobby'), link('/arenas', 'All arenas'));
    const time = a.status === 10 ? `starts in ${minutesLeft(a.secondsToStart)}` : a.status === 20 ? `${minutesLeft(a.secondsToFinish)} left` : a.isSettled ? 'finished' : 'finished; the last games are being played';
    const meta = el('p', 'arena-meta', `${a.variant.name} · ${clockWords(a.clock)} · ${a.minutes} min · ${a.rated ? 'rated' : 'casual'} · ${a.nbPlayers} players · ${statusWords[a.status]}, ${time}`);
    const parts: HTMLElement[] = [header, meta, this.yourPlace(a)];
    if (a.entryCode) {
      const share = el('p', 'arena-share', 'Private: players join with this link: ');
      const url = new URL(arenaUrl(a.id, a.entryCode), location.href).href;
      share.append(link(url, url, 'share-link'));
      parts.push(share);
    }
    if (a.podium?.length) {
      const podium = el('ol', 'podium');
      podium.setAttribute('aria-label', 'podium');
      for (const p of a.podium) podium.append(el('li', undefined, `${p.name}: ${p.score}`));
      parts.push(podium);
    }
    parts.push(this.standing(a), this.games(a));
    this.body.replaceChildren(...parts);
  }

  /** The caller's place: join (with the code of a private arena), pause, their game. */
  private yourPlace(a: ArenaFull): HTMLElement {
    const box = el('section', 'your-place');
    box.append(el('h2', undefined, 'You'));
    if (a.me) {
      box.append(el('p', undefined, `Rank ${a.me.rank}${a.me.withdraw ? ', paused' : ''}.`));
      if (a.me.gameId) box.append(link(`/game/${a.me.gameId}`, 'Play your game', 'your-game'));
      else if (!a.me.withdraw && a.isStarted && !a.isFinished) box.append(el('p', undefined, 'Waiting for an opponent…'));
    }
    if (a.isFinished) return box;
    if (!a.me || a.me.withdraw) {
      if (a.private && !a.me) {
        const code = el('input');
        code.name = 'entryCode';
        code.value = this.entryCode;
        code.addEventListener('input', () => (this.entryCode = code.value));
        const label = el('label', 'field');
        label.append(el('span', 'field-label', 'Entry code'), code);
        box.append(label);
      }
      const join = el('button', undefined, a.me ? 'Join again' : 'Join the arena');
      join.addEventListener('click', () => void this.act(() => arenaApi.join(this.id, this.entryCode), 'Joined.'));
      box.append(join);
    } else {
      const pause = el('button', undefined, a.isStarted ? 'Pause' : 'Leave');
      pause.addEventListener('click', () => void this.act(() => arenaApi.withdraw(this.id), a.isStarted ? 'Paused: join again to go on.' : 'Left.'));
      box.append(pause);
    }
    return box;
  }

  private standing(a: ArenaFull): HTMLElement {
    const section = el('section', 'standing');
    section.append(el('h2', undefined, 'Standing'));
    if (!a.standing.players.length) {
      section.append(el('p', undefined, 'Nobody has joined yet.'));
      return section;
    }
    const table = el('table', 'list-table standing-table');
    const head = el('tr');
    for (const c of COLUMNS) head.append(el('th', undefined, c));
    table.append(el('thead'), el('tbody'));
    table.tHead!.append(head);
    table.tBodies[0].append(...a.standing.players.map(standingRow));
    section.append(table);
    const pages = Math.ceil(a.nbPlayers / 10);
    if (pages > 1) {
      const nav = el('nav', 'pages');
      nav.setAttribute('aria-label', 'standing pages');
      for (const [text, to] of [['Previous', this.page - 1], ['Next', this.page + 1]] as const) {
        const b = el('button', undefined, text);
        b.disabled = to < 1 || to > pages;
        b.addEventListener('click', () => {
          this.page = to;
          void this.refresh();
        });
        nav.append(b);
      }
      nav.append(el('span', undefined, ` page ${this.page} of ${pages}`));
      section.append(nav);
    }
    return section;
  }

  private games(a: ArenaFull): HTMLElement {
    const section = el('section', 'duels');
    section.append(el('h2', undefined, 'Games in play'));
    if (!a.duels.length) {
      section.append(el('p', undefined, 'None now.'));
      return section;
    }
    const list = el('ul', 'duel-list');
    for (const d of a.duels) {
      const item = el('li');
      item.append(link(`/game/${d.id}`, `${d.p[0].n} (#${d.p[0].k}) – ${d.p[1].n} (#${d.p[1].k})`));
      list.append(item);
    }
    section.append(list);
    return section;
  }
}
