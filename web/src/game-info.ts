// The server's game around the board: the players (users linking to their
// profiles), rated or casual when the server says, the links to the lobby
// and the variant's rules, the challenge link while a seat is open (and the
// button that takes it), the rematch once the game is over (offering one, or
// answering the opponent's), the countdown to the server's abort deadline
// (a first move due, a challenge's expiry), the link to the analysis board
// once the game has ended, and the check of the dice against their seed.

import { AbortDeadline } from './abort-deadline';
import { api, ApiError, gameUrl, isUserName, profileUrl, rulesUrl, type GameOption } from './api';
import { el, link } from './dom';
import { variantCatalog } from './variants/catalog';
import type { Color, GameMeta, ServerMessage, Viewer } from './view';

const seatWord = (c: Color): string => (c === 'white' ? 'White' : 'Black');

export class GameInfo {
  readonly element = el('section', 'game-info');
  private readonly nav = el('nav', 'game-nav');
  private readonly playersEl = el('p', 'players');
  private readonly optionsEl = el('p', 'rule-options');
  /** The labels and hints of this variant's options, once asked for. */
  private optionWords: GameOption[] | null = null;
  private readonly waitingEl = el('div', 'waiting');
  private readonly deadline = new AbortDeadline();
  private readonly rematchEl = el('div', 'rematch');
  /** Once the game has ended: the link to its analysis board, where its computer analysis is asked for. */
  private readonly analyseEl = el('p', 'analyse');
  private readonly diceCheckEl = el('div', 'dice-check');
  private readonly errorEl = el('p', 'error');
  private game: GameMeta | null = null;
  private you: Viewer = 'spectator';
  private variant = '';
  private seedRevealed = false;
  private offer: { id: string; by: Color } | null = null;

  constructor() {
    this.errorEl.setAttribute('role', 'alert');
    this.element.append(this.nav, this.playersEl, this.optionsEl, this.deadline.element, this.waitingEl, this.rematchEl, this.analyseEl, this.diceCheckEl, this.errorEl);
  }

  receive(message: ServerMessage): void {
    if (message.type === 'rematch') {
      this.offer = { id: message.id, by: message.by };
      this.renderRematch();
      return;
    }
    if (message.type !== 'view' || !message.game) return;
    const first = !this.game;
    this.game = message.game;
    this.you = message.viewer ?? 'spectator';
    this.variant = message.view.variant;
    this.seedRevealed = !!message.dice?.seed;
    if (first) this.renderNav();
    this.renderPlayers();
    this.renderOptions();
    this.deadline.set(message.game, message.view.to_act);
    this.renderWaiting();
    this.renderRematch();
    this.renderAnalyse();
    this.renderDiceCheck();
  }

  private renderAnalyse(): void {
    const game = this.game!;
    this.analyseEl.replaceChildren();
    if (game.status === 'ended') this.analyseEl.append(link(`/analysis?game=${encodeURIComponent(game.id)}`, 'Analyse', 'analyse-link'));
  }

  private get seat(): Color | null {
    return this.you === 'white' || this.you === 'black' ? this.you : null;
  }

  private fail(e: unknown): void {
    this.errorEl.textContent = e instanceof ApiError ? e.message : String(e);
  }

  private renderNav(): void {
    this.nav.replaceChildren(link('/', 'Lobby'));
    const rules = rulesUrl(this.variant);
    if (rules) this.nav.append(link(rules, 'Rules of this variant', 'rules-link'));
  }

  private renderPlayers(): void {
    const game = this.game!;
    const player = (c: Color): (string | Node)[] => {
      const n = game.players[c];
      const shown: string | Node = n && isUserName(n) ? link(profileUrl(n), n, 'player-link') : (n ?? 'open seat');
      return this.seat === c ? [shown, ' (you)'] : [shown];
    };
    const kind = game.rated === undefined ? [] : [` · ${game.rated ? 'Rated' : 'Casual'} game`];
    this.playersEl.replaceChildren('White: ', ...player('white'), ' · Black: ', ...player('black'), ...kind);
  }

  /** The rule options this game was made with (Looking-Glass's forfeit rule), in words: both players must know them. */
  private renderOptions(): void {
    if (this.game!.options.length && this.optionWords === null) {
      // The options' words are the variant's own (GET /api/variants); the bare names until they arrive.
      this.optionWords = [];
      variantCatalog().then(
        known => {
          this.optionWords = known.get(this.variant)?.options ?? [];
          this.renderOptions();
        },
        () => {},
      );
    }
    const known = this.optionWords ?? [];
    const on = this.game!.options.map(name => known.find(o => o.name === name)).map((o, i) => (o ? `${o.label} (${o.hint})` : this.game!.options[i]));
    this.optionsEl.hidden = on.length === 0;
    this.optionsEl.textContent = on.length ? `This game's rules: ${on.join('; ')}.` : '';
  }

  private renderWaiting(): void {
    this.waitingEl.replaceChildren();
    const game = this.game!;
    if (game.status !== 'waiting') return;
    const url = `${location.origin}${gameUrl(game.id)}`;
    if (this.seat) {
      const box = el('input', 'challenge-link');
      box.readOnly = true;
      box.value = url;
      box.setAttribute('aria-label', 'Challenge link');
      box.addEventListener('focus', () => box.select());
      this.waitingEl.append(el('p', undefined, 'Waiting for an opponent. Send them this link, or wait for someone to accept your seek in the lobby:'), box);
      return;
    }
    const open: Color = game.players.white ? 'black' : 'white';
    const creator = game.players[open === 'white' ? 'black' : 'white'] ?? 'Someone';
    const accept = el('button', 'accept-challenge', `Accept: play ${seatWord(open)}`);
    accept.type = 'button';
    accept.addEventListener('click', async () => {
      try {
        await api.accept(game.id);
        location.reload(); // the game's socket says which seat is ours when it connects
      } catch (e) {
        this.fail(e);
      }
    });
    this.waitingEl.append(el('p', undefined, `${creator} is looking for an opponent.`), accept);
  }

  private renderRematch(): void {
    this.rematchEl.replaceChildren();
    const game = this.game;
    if (!game || (game.status !== 'ended' && game.status !== 'aborted')) return;
    const offer = this.offer;
    if (offer && offer.by !== this.seat) {
      if (!this.seat) {
        this.rematchEl.append(el('p', 'rematch-offer', `${seatWord(offer.by)} offered a rematch. `), link(gameUrl(offer.id), 'Watch it'));
        return;
      }
      const accept = el('button', 'accept-rematch', 'Accept the rematch');
      accept.type = 'button';
      accept.addEventListener('click', async () => {
        try {
          await api.accept(offer.id);
          location.assign(gameUrl(offer.id));
        } catch (e) {
          this.fail(e);
        }
      });
      this.rematchEl.append(el('p', 'rematch-offer', `${seatWord(offer.by)} offers a rematch, colours swapped.`), accept);
      return;
    }
    if (!this.seat) return;
    if (offer) {
      // Our own offer (the server says so again on reconnecting): its game, where the opponent joins us.
      this.rematchEl.append(el('p', 'rematch-offered', 'You offered a rematch. '), link(gameUrl(offer.id), 'Go to it'));
      return;
    }
    const ask = el('button', 'offer-rematch', 'Rematch');
    ask.type = 'button';
    ask.addEventListener('click', async () => {
      try {
        const created = await api.rematch(game.id);
        location.assign(created.url || gameUrl(created.id));
      } catch (e) {
        this.fail(e);
      }
    });
    this.rematchEl.append(ask);
  }

  /** Once the seed is revealed (the game is over): recompute every roll from the revealed seed (GET /verify) and say whether all match. */
  private renderDiceCheck(): void {
    const game = this.game!;
    this.diceCheckEl.replaceChildren();
    if (!this.seedRevealed) return;
    const check = el('button', 'check-dice', 'Check every roll against the seed');
    check.type = 'button';
    check.addEventListener('click', async () => {
      try {
        const verified = await api.verify(game.id);
        const list = el('ol', 'checked-rolls');
        for (const r of verified.rolls) {
          const li = el('li', undefined, `ply ${r.ply}: ${r.roll}`);
          li.dataset.ply = String(r.ply);
          li.dataset.roll = r.roll;
          list.append(li);
        }
        const words = verified.rolls.length
          ? `All ${verified.rolls.length} rolls follow from the seed, and the seed matches the commitment shown from the start.`
          : 'This game had no rolls; the seed matches the commitment shown from the start.';
        this.diceCheckEl.replaceChildren(el('p', 'dice-verified', words), list);
      } catch (e) {
        this.diceCheckEl.replaceChildren(el('p', 'dice-failed', e instanceof ApiError ? `The dice check failed: ${e.message}` : String(e)));
      }
    });
    this.diceCheckEl.append(check);
  }
}
