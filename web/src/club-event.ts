// A club event at /tournament/{id}: each round's boards with the clock to
// set for each player, the standings with tie-breaks, a crosstable, the
// entrants, the group match; for a player their next game; for the
// organiser the controls of the evening (enter players, pair the next
// round, enter and correct results, withdraw, the group match). With
// `?view=projector` it shows the current round (or the standings) in large
// text for the club room's screen. The page reads the event again every
// 15 s, so standings stay live on every screen.

import { api, ApiError, gameUrl, profileUrl, rulesUrl, type Me } from './api';
import { clubApi, sheetUrl, stageWords, trfUrl, type Board, type Changed, type RoundShown, type Seat, type ShownEvent } from './club-api';
import { when } from './club-list';
import { el, labelCells, link } from './dom';
import { nameOf, variantCatalog } from './variants/catalog';

const REFRESH_MS = 15_000;
/** An online event is read more often: a player's next game starts when the round before ends. */
const ONLINE_REFRESH_MS = 4_000;
const RESULTS = ['1-0', '1/2', '0-1', '+-', '-+', '0-0'];
/** A result as the event shows it, as the organiser enters it. */
const ENTERED_AS: Record<string, string> = { '1-0': '1-0', '1/2-1/2': '1/2', '0-1': '0-1', '+ -': '+-', '- +': '-+', '- -': '0-0' };
const RESULT_WORDS: Record<string, string> = { '1-0': '1-0', '1/2': '½-½', '0-1': '0-1', '+-': '1-0 by forfeit', '-+': '0-1 by forfeit', '0-0': 'double forfeit' };

function table(headings: string[], rows: HTMLTableRowElement[], className: string): HTMLTableElement {
  const t = el('table', `list-table ${className}`);
  const head = el('tr');
  for (const h of headings) head.append(el('th', undefined, h));
  t.append(el('thead'), el('tbody'));
  t.tHead!.append(head);
  t.tBodies[0].append(...rows.map(r => labelCells(r, headings)));
  return t;
}

function row(...cells: (string | Node)[]): HTMLTableRowElement {
  const r = el('tr');
  for (const c of cells) {
    const td = el('td');
    td.append(c);
    r.append(td);
  }
  return r;
}

const seatText = (s: Seat): string => `${s.number}. ${s.name}${s.grade === null ? '' : ` (${s.grade})`}`;
const minutes = (m: number): string => `${m} min`;

/** A round's heading: its number and variant, linking to the variant's rules. */
function roundTitle(round: RoundShown, total: number): HTMLElement {
  const h = el('h3', undefined, `Round ${round.round} of ${total}: `);
  const rules = rulesUrl(round.variant);
  h.append(rules ? link(rules, nameOf(round.variant)) : nameOf(round.variant));
  return h;
}

export class EventPage {
  private event: ShownEvent | null = null;
  private me: Me | null = null;
  private readonly errorEl = el('p', 'error');
  private readonly statusEl = el('p', 'club-status');
  private readonly body = el('div', 'club-body');
  private readonly projector = new URLSearchParams(location.search).get('view') === 'projector';

  constructor(root: HTMLElement, private readonly id: string) {
    root.classList.add('lobby', 'club', ...(this.projector ? ['projector'] : []));
    this.errorEl.setAttribute('role', 'alert');
    this.statusEl.setAttribute('role', 'status');
    root.replaceChildren(this.errorEl, this.statusEl, this.body);
    void this.start();
  }

  private async start(): Promise<void> {
    try {
      const [event, me] = await Promise.all([clubApi.event(this.id), api.me(), variantCatalog()]);
      this.me = me;
      this.show(event);
      setInterval(() => void this.refresh(), event.online ? ONLINE_REFRESH_MS : REFRESH_MS);
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? `${e.message}. The list of events is at /tournaments.` : String(e);
    }
  }

  /** Reads the event again, unless the organiser is in the middle of a form or a result. */
  private async refresh(): Promise<void> {
    if (document.hidden || this.body.contains(document.activeElement) && document.activeElement !== document.body) return;
    try {
      this.show(await clubApi.event(this.id));
    } catch {
      /* kept as it was; the next refresh tries again */
    }
  }

  private get organiser(): boolean {
    return !!this.me?.signed_in && !!this.event && this.me.name.toLowerCase() === this.event.organiser.toLowerCase();
  }

  /** Runs a change, shows its words (or the refusal) and the event after it. */
  private async change(doing: Promise<Changed>): Promise<void> {
    try {
      const changed = await doing;
      this.errorEl.textContent = '';
      this.statusEl.textContent = changed.words.charAt(0).toUpperCase() + changed.words.slice(1) + '.';
      this.show(changed.event);
    } catch (e) {
      this.errorEl.textContent = e instanceof ApiError ? e.message : String(e);
    }
  }

  private show(event: ShownEvent): void {
    if (this.sendsToNewGame(event)) return;
    this.event = event;
    document.title = `Chesslantis: ${event.name}`;
    if (this.projector) {
      this.body.replaceChildren(this.header(event), this.projectorView(event));
      return;
    }
    const parts: HTMLElement[] = [this.header(event)];
    const mine = this.yourGame(event);
    if (mine) parts.push(mine);
    if (this.organiser) parts.push(this.controls(event));
    parts.push(...[...event.pairings].reverse().map(r => this.roundSection(event, r)));
    if (event.group_match) parts.push(this.groupMatch(event));
    parts.push(this.standings(event), this.crosstable(event), this.entrants(event));
    this.body.replaceChildren(...parts);
  }

  /**
   * In an online event a player whose game starts while they watch the
   * event page is taken to it, as an arena does; a game already on when the
   * page opened is only linked (they may have come to see the standings).
   */
  private sendsToNewGame(event: ShownEvent): boolean {
    const game = event.online && !this.projector ? this.myGameInPlay(event) : null;
    const before = this.event ? this.myGameInPlay(this.event) : undefined;
    if (game && before !== undefined && before !== game) {
      location.assign(gameUrl(game));
      return true;
    }
    return false;
  }

  /** The signed-in player's game on the server this round, not yet over. */
  private myGameInPlay(event: ShownEvent): string | null {
    const me = this.me;
    const round = event.pairings.at(-1);
    if (!me?.signed_in || !round) return null;
    const mine = (s: Seat) => event.entrants.some(e => e.account && e.number === s.number && e.name.toLowerCase() === me.name.toLowerCase());
    const board = round.boards.find(b => !b.result && b.game && (mine(b.white) || mine(b.black)));
    return board?.game ?? null;
  }

  private header(event: ShownEvent): HTMLElement {
    const header = el('header', 'site');
    header.append(el('h1', undefined, event.name));
    if (!this.projector) {
      header.append(link('/', 'Lobby'), link('/tournaments', 'All events'), link(`?view=projector`, 'Projector view'), link(trfUrl(event.id), 'TRF'));
      if (event.rounds_paired) header.append(link(sheetUrl(event.id, 'pairings'), 'Pairings sheet'), link(sheetUrl(event.id, 'standings'), 'Standings sheet'));
      if (event.group_match) header.append(link(sheetUrl(event.id, 'group-match'), 'Group match sheet'));
    }
    const current = event.rounds_paired ? `round ${event.rounds_paired} of ${event.rounds}` : `${event.rounds} rounds`;
    const played = event.online ? 'played online: the server pairs each round when its last game ends' : 'played over the board';
    const meta = el('p', 'club-meta', [event.place, when(event.starts_ms), `organised by ${event.organiser}`, current, stageWords[event.stage], played].filter(Boolean).join(' · '));
    const wrap = el('div');
    wrap.append(header, meta, el('p', 'hint', `Clocks by grade: ${event.clocks}`));
    return wrap;
  }

  /** The signed-in player's game this round, or a Join button for a user not entered. */
  private yourGame(event: ShownEvent): HTMLElement | null {
    const me = this.me;
    if (!me?.signed_in) return null;
    const box = el('section', 'your-game');
    box.setAttribute('aria-label', 'Your next game');
    const entrant = event.entrants.find(e => e.account && e.name.toLowerCase() === me.name.toLowerCase());
    if (!entrant) {
      if (event.stage === 'finished') return null;
      const join = el('button', 'join', 'Join this event');
      join.addEventListener('click', () => void this.change(clubApi.join(event.id)));
      box.append(el('p', undefined, 'You are not entered. Join with your account\u2019s name and grade:'), join);
      return box;
    }
    box.append(el('h2', undefined, 'Your next game'));
    const round = event.pairings.at(-1);
    const board = round?.boards.find(b => b.white.number === entrant.number || b.black.number === entrant.number);
    const bye = round?.byes.find(b => b.number === entrant.number);
    let words: string;
    if (!round || event.stage === 'between_rounds' || event.stage === 'entries') {
      words = `Round ${event.rounds_paired + 1} is not paired yet. Your clock: ${minutes(entrant.clock_minutes)}.`;
    } else if (board && !board.result) {
      const white = board.white.number === entrant.number;
      const them = white ? board.black : board.white;
      words = `Round ${round.round} (${nameOf(round.variant)}), board ${board.board}: you play ${white ? 'White' : 'Black'} against ${seatText(them)}. Your clock: ${minutes(entrant.clock_minutes)}, theirs: ${minutes(them.clock_minutes)}.`;
      if (board.game) {
        box.append(el('p', undefined, words), link(gameUrl(board.game), 'Go to your game'));
        return box;
      }
      box.append(el('p', undefined, words), ...this.tableControls(event, round.round, board, white), this.reportForm(event, round.round, board));
      return box;
    } else if (board) {
      words = `Round ${round.round}: your game has its result (${RESULT_WORDS[board.result!] ?? board.result}).`;
    } else {
      words = `Round ${round.round}: ${bye?.why ?? 'no game'}.`;
    }
    box.append(el('p', undefined, words));
    return box;
  }

  /**
   * Over the board, what the server does for the board: roll its dice
   * (committed to at the pairing) and keep each player's sealed decision.
   */
  private tableControls(event: ShownEvent, round: number, board: Board, white: boolean): HTMLElement[] {
    const parts: HTMLElement[] = [];
    const table = board.table;
    const short = (hash: string) => hash.slice(0, 12) + '…';
    if (table?.dice_commitment) {
      const dice = el('div', 'table-dice');
      const rolls = table.rolls.length ? table.rolls.map((r, i) => `${i + 1}. ${r.replace(/^roll /, '')}`).join(', ') : 'none yet';
      dice.append(el('p', undefined, `Dice for your board: ${rolls}. The server committed to them before the first roll (${short(table.dice_commitment)}); the seed is shown with the result.`));
      const roll = el('button', 'roll-dice', 'Roll the dice');
      roll.addEventListener('click', () => void this.change(clubApi.roll(event.id, round, board.board)));
      dice.append(roll);
      parts.push(dice);
    }
    const mySide = white ? 'white' : 'black';
    for (const sealed of table?.sealed ?? []) {
      const p = el('p', 'sealed');
      if (sealed.side === mySide) {
        p.textContent = `Your sealed ${sealed.decision ?? 'decision'} (commitment ${short(sealed.commitment)})${sealed.nonce ? ': shown to everyone' : ': only you see it'}.`;
        parts.push(p);
        if (!sealed.nonce) {
          const reveal = el('button', 'reveal', 'Reveal it to everyone');
          reveal.addEventListener('click', () => void this.change(clubApi.reveal(event.id, round, board.board)));
          parts.push(reveal);
        }
      } else {
        p.textContent = sealed.decision ? `Your opponent's sealed ${sealed.decision}.` : `Your opponent has sealed their decision (commitment ${short(sealed.commitment)}).`;
        parts.push(p);
      }
    }
    if (event.seal_choices.length) {
      const form = el('form', 'seal');
      const select = el('select');
      select.name = 'seal';
      select.setAttribute('aria-label', 'The decision to seal');
      select.append(...event.seal_choices.map(c => new Option(c, c)));
      const seal = el('button', undefined, 'Seal it');
      seal.type = 'submit';
      form.append(el('span', 'hint', 'Before the first move: only you will see it; your opponent sees that it is sealed and cannot be changed.'), select, seal);
      form.addEventListener('submit', e => {
        e.preventDefault();
        void this.change(clubApi.seal(event.id, round, board.board, select.value));
      });
      parts.push(form);
    }
    return parts;
  }

  /** Over the board: the player reports the result; it stands once the opponent reports the same. */
  private reportForm(event: ShownEvent, round: number, board: Board): HTMLElement {
    const form = el('form', 'report');
    const select = el('select');
    select.name = 'report';
    select.setAttribute('aria-label', `The result of your game on board ${board.board}`);
    select.append(...['1-0', '1/2', '0-1'].map(r => new Option(RESULT_WORDS[r], r)));
    const send = el('button', undefined, 'Report the result');
    send.type = 'submit';
    form.append(select, send);
    form.addEventListener('submit', e => {
      e.preventDefault();
      void this.change(clubApi.report(event.id, round, board.board, select.value));
    });
    return form;
  }

  /** The organiser's controls: enter a player, pair the next round, start the group match. */
  private controls(event: ShownEvent): HTMLElement {
    const section = el('section', 'organiser');
    section.append(el('h2', undefined, 'Organiser'));
    const form = el('form', 'new-game-form enter-player');
    const name = el('input');
    name.name = 'player-name';
    name.required = true;
    name.maxLength = 100;
    const grade = el('input');
    grade.name = 'player-grade';
    grade.type = 'number';
    grade.min = '0';
    grade.max = '300';
    const late = el('input');
    late.type = 'checkbox';
    late.name = 'half-byes';
    const field = (label: string, input: HTMLInputElement, hint?: string) => {
      const f = el('label', 'field');
      f.append(el('span', 'field-label', label), input);
      if (hint) f.append(el('span', 'hint', hint));
      return f;
    };
    const add = el('button', undefined, 'Enter the player');
    add.type = 'submit';
    form.append(field('Player\u2019s name', name), field('ECF grade', grade, 'empty: ungraded'));
    if (event.rounds_paired > 0) form.append(field('Half-point byes for the rounds missed', late, 'a late entry scores nothing for them unless ticked'));
    form.append(add);
    form.addEventListener('submit', e => {
      e.preventDefault();
      const g = grade.value.trim();
      void this.change(clubApi.enter(event.id, name.value, g === '' ? null : Number(g), late.checked ? 'half' : 'zero'));
    });
    section.append(form);
    const next = event.rounds_paired + 1;
    if (next <= event.rounds && event.stage !== 'playing') {
      const pair = el('button', 'pair-next', `Pair round ${next} (${nameOf(event.variants[next - 1])})`);
      pair.addEventListener('click', () => void this.change(clubApi.pair(event.id, next)));
      section.append(pair);
    }
    const round = event.pairings.at(-1);
    if (event.stage === 'playing' && round?.boards.some(b => !b.result && !b.game)) {
      const start = el('button', 'start-games', `Start round ${round.round}’s games here`);
      start.title = 'Boards whose two players have accounts are played on the server, each player with their own clock; the others over the board';
      start.addEventListener('click', () => void this.change(clubApi.startGames(event.id, round.round)));
      section.append(start);
    }
    if (event.stage === 'finished' && !event.group_match) {
      const start = el('button', 'start-group-match', 'Start the group match (top half against bottom half)');
      start.addEventListener('click', () => void this.change(clubApi.startGroupMatch(event.id)));
      section.append(start);
    }
    return section;
  }

  /** A result as shown, or for the organiser a choice to enter or correct it. */
  private resultCell(event: ShownEvent, round: number, board: Board): string | Node {
    if (board.game && !board.result) return link(gameUrl(board.game), 'playing: watch');
    if (!this.organiser) return board.result ?? 'playing';
    const wrap = el('span', 'result-entry');
    const select = el('select');
    select.name = `result-${round}-${board.board}`;
    select.setAttribute('aria-label', `Result of round ${round} board ${board.board}`);
    select.append(new Option('…', ''), ...RESULTS.map(r => new Option(RESULT_WORDS[r], r)));
    select.value = board.result === null ? '' : (ENTERED_AS[board.result] ?? '');
    const save = el('button', 'save-result', board.result ? 'Correct' : 'Save');
    save.setAttribute('aria-label', `${board.result ? 'Correct' : 'Save'} the result of board ${board.board}`);
    save.addEventListener('click', () => {
      if (select.value) void this.change(clubApi.result(event.id, round, board.board, select.value, board.result !== null));
    });
    wrap.append(select, save);
    if (board.reported) wrap.append(el('span', 'hint', `reported: White ${board.reported.white ?? '–'}, Black ${board.reported.black ?? '–'}`));
    return wrap;
  }

  private roundSection(event: ShownEvent, round: RoundShown): HTMLElement {
    const section = el('section', 'round');
    section.dataset.round = String(round.round);
    section.append(roundTitle(round, event.rounds));
    const rows = round.boards.map(b => {
      const r = row(String(b.board), seatText(b.white), minutes(b.white.clock_minutes), this.resultCell(event, round.round, b), seatText(b.black), minutes(b.black.clock_minutes));
      r.dataset.board = String(b.board);
      return r;
    });
    section.append(table(['Board', 'White', 'Clock', 'Result', 'Black', 'Clock'], rows, 'boards'));
    if (round.byes.length) section.append(el('p', 'byes', `Not playing: ${round.byes.map(b => `${b.number}. ${b.name} (${b.why})`).join(', ')}`));
    return section;
  }

  private groupMatch(event: ShownEvent): HTMLElement {
    const gm = event.group_match!;
    const section = el('section', 'group-match');
    section.append(el('h2', undefined, `Group match: ${gm.score[0]} – ${gm.score[1]}`));
    for (const round of gm.rounds) {
      section.append(el('h3', undefined, `Match round ${round.round}`));
      const rows = round.boards.map(b => {
        let result: string | Node = b.white_points ?? 'playing';
        if (this.organiser && b.white_points === null) {
          const wrap = el('span', 'result-entry');
          const select = el('select');
          select.setAttribute('aria-label', `Result of match round ${round.round} board ${b.board}`);
          select.append(new Option('…', ''), ...['1-0', '1/2', '0-1'].map(r => new Option(RESULT_WORDS[r], r)));
          const save = el('button', undefined, 'Save');
          save.setAttribute('aria-label', `Save the result of match board ${b.board}`);
          save.addEventListener('click', () => select.value && void this.change(clubApi.groupResult(event.id, round.round, b.board, select.value)));
          wrap.append(select, save);
          result = wrap;
        }
        return row(String(b.board), seatText(b.white), result, seatText(b.black));
      });
      section.append(table(['Board', 'White', 'White scores', 'Black'], rows, 'group-boards'));
    }
    return section;
  }

  private standings(event: ShownEvent): HTMLElement {
    const section = el('section', 'standings');
    section.append(el('h2', undefined, event.rounds_paired ? `Standings after round ${event.rounds_paired}` : 'Standings'));
    const rows = event.standings.rows.map(r => row(String(r.rank), link(`#player-${r.number}`, `${r.number}. ${r.name}`), r.points, ...r.tie_breaks));
    section.append(table(['Rank', 'Player', 'Points', ...event.standings.tie_breaks], rows, 'standings-table'));
    return section;
  }

  /** Each player's rounds: the opponent's number, the colour and the score (`12w1`), or the bye. */
  private crosstable(event: ShownEvent): HTMLElement {
    const section = el('section', 'crosstable');
    section.append(el('h2', undefined, 'Crosstable'));
    const cellFor = (number: number, round: RoundShown): string => {
      const b = round.boards.find(x => x.white.number === number || x.black.number === number);
      if (!b) return round.byes.find(x => x.number === number)?.why ?? '';
      const white = b.white.number === number;
      const opp = white ? b.black.number : b.white.number;
      const score = b.result === null ? '' : b.result.startsWith('1/2') ? '½' : (b.result.startsWith('1') || b.result.startsWith('+')) === white ? '1' : '0';
      return `${opp}${white ? 'w' : 'b'}${score}`;
    };
    const rows = event.entrants.map(e => {
      const r = row(`${e.number}. ${e.name}`, ...event.pairings.map(round => cellFor(e.number, round)), e.points);
      r.id = `player-${e.number}`;
      return r;
    });
    section.append(table(['Player', ...event.pairings.map(r => `R${r.round}`), 'Points'], rows, 'cross-table'));
    return section;
  }

  private entrants(event: ShownEvent): HTMLElement {
    const section = el('section', 'entrants');
    section.append(el('h2', undefined, `Players (${event.entrants.length})`));
    const rows = event.entrants.map(e => {
      const name: string | Node = e.account ? link(profileUrl(e.name), e.name) : e.name;
      const status = e.withdrawn_from ? `withdrawn from round ${e.withdrawn_from}` : '';
      let action: string | Node = status;
      if (this.organiser && !e.withdrawn_from && event.stage !== 'finished') {
        const withdraw = el('button', 'withdraw', 'Withdraw');
        withdraw.setAttribute('aria-label', `Withdraw ${e.name}`);
        withdraw.addEventListener('click', () => void this.change(clubApi.withdraw(event.id, e.number)));
        action = withdraw;
      }
      return row(String(e.number), name, e.grade === null ? 'ungraded' : String(e.grade), minutes(e.clock_minutes), e.points, action);
    });
    section.append(table(['No', 'Name', 'Grade', 'Clock', 'Points', ''], rows, 'entrants-table'));
    return section;
  }

  /** The club room's screen: the round in play with its boards, else the standings. */
  private projectorView(event: ShownEvent): HTMLElement {
    const round = event.pairings.at(-1);
    if (round && event.stage === 'playing') {
      const section = el('section', 'round');
      section.append(roundTitle(round, event.rounds));
      const rows = round.boards.map(b => row(String(b.board), `${seatText(b.white)} · ${minutes(b.white.clock_minutes)}`, b.result ?? '', `${seatText(b.black)} · ${minutes(b.black.clock_minutes)}`));
      section.append(table(['Board', 'White', 'Result', 'Black'], rows, 'boards'));
      if (round.byes.length) section.append(el('p', 'byes', `Not playing: ${round.byes.map(b => `${b.number}. ${b.name}`).join(', ')}`));
      return section;
    }
    return this.standings(event);
  }
}
