// The game's chat, as lichess players know it: the players' room and the
// spectators' room (docs/protocol.md, "Chat"), the lines as plain text, an
// input for the room this viewer writes in, and a mute per writer that the
// browser remembers (localStorage) and that hides the writer's lines.
// Every line is put on the page as text, never as HTML.

import { el } from './dom';

type Room = 'player' | 'spectator';

interface Line {
  n: number;
  by: string;
  text: string;
  at_ms: number;
}

/** Where the muted writers' names are kept, as a JSON list. */
export const MUTED_KEY = 'chesslantis.chat.muted';
/** A line's most characters (the server refuses longer ones, `chat::line::MAX_CHARS`). */
export const MAX_CHARS = 140;

const ROOM_TITLES: Record<Room, string> = { player: 'Chat with your opponent', spectator: 'Spectators' };
const TAB_NAMES: Record<Room, string> = { player: 'Players', spectator: 'Spectators' };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRoom = (v: unknown): v is Room => v === 'player' || v === 'spectator';

function lineOf(raw: unknown): Line | null {
  if (!isObject(raw) || typeof raw.n !== 'number' || typeof raw.by !== 'string' || typeof raw.text !== 'string') return null;
  return { n: raw.n, by: raw.by, text: raw.text, at_ms: typeof raw.at_ms === 'number' ? raw.at_ms : 0 };
}

function loadMuted(): Set<string> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(MUTED_KEY) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((n): n is string => typeof n === 'string') : []);
  } catch {
    return new Set();
  }
}

export class ChatPanel {
  readonly element = el('section', 'chat');
  private readonly tabs = el('div', 'chat-tabs');
  private readonly title = el('h2', 'chat-title');
  private readonly linesEl = el('ol', 'chat-lines');
  private readonly form = el('form', 'chat-form');
  private readonly input = el('input');
  private readonly noteEl = el('p', 'chat-note');
  private readonly errorEl = el('p', 'chat-error');
  private readonly mutedEl = el('p', 'chat-muted');
  /** Each room this viewer reads, its lines by number. */
  private rooms = new Map<Room, Map<number, Line>>();
  private write: Room | null = null;
  private shown: Room | null = null;
  private muted = loadMuted();
  /** This viewer's own name when it plays (its lines get no mute). */
  private me: string | null = null;

  constructor(private readonly send: (message: object) => void) {
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'Chat');
    this.errorEl.setAttribute('role', 'alert');
    this.linesEl.setAttribute('aria-live', 'polite');
    this.input.type = 'text';
    this.input.name = 'chat';
    this.input.autocomplete = 'off';
    this.input.maxLength = MAX_CHARS;
    this.input.placeholder = 'Say something, then Enter';
    this.input.setAttribute('aria-label', 'Chat message');
    const sendButton = el('button', 'chat-send', 'Send');
    sendButton.type = 'submit';
    this.form.append(this.input, sendButton);
    this.form.addEventListener('submit', e => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send({ type: 'chat', text });
      this.input.value = '';
      this.errorEl.textContent = '';
    });
    this.element.append(this.tabs, this.title, this.linesEl, this.mutedEl, this.form, this.noteEl, this.errorEl);
  }

  /** A frame from the server: true when it is the chat's (its rooms, a line, a refused line), which nobody else needs. */
  receive(raw: unknown): boolean {
    if (!isObject(raw)) return false;
    if (raw.type === 'state') {
      const players = isObject(raw.players) ? raw.players : {};
      const mine = raw.you === 'white' || raw.you === 'black' ? players[raw.you] : null;
      this.me = typeof mine === 'string' ? mine : null;
      return false;
    }
    if (raw.type === 'chat_rooms' && Array.isArray(raw.rooms)) {
      this.write = isRoom(raw.write) ? raw.write : null;
      this.rooms = new Map();
      for (const log of raw.rooms) {
        if (!isObject(log) || !isRoom(log.room) || !Array.isArray(log.lines)) continue;
        const lines = new Map<number, Line>();
        for (const l of log.lines.map(lineOf)) if (l) lines.set(l.n, l);
        this.rooms.set(log.room, lines);
      }
      if (!this.shown || !this.rooms.has(this.shown)) this.shown = this.write && this.rooms.has(this.write) ? this.write : ([...this.rooms.keys()][0] ?? null);
      this.render();
      return true;
    }
    if (raw.type === 'chat_line' && isRoom(raw.room)) {
      const line = lineOf(raw.line);
      const lines = this.rooms.get(raw.room);
      if (line && lines) {
        lines.set(line.n, line);
        if (raw.room === this.shown) this.renderLines();
      }
      return true;
    }
    if (raw.type === 'error' && typeof raw.code === 'string' && raw.code.startsWith('chat_')) {
      this.errorEl.textContent = typeof raw.message === 'string' ? raw.message : 'The server refused that line.';
      return true;
    }
    return false;
  }

  private render(): void {
    this.element.hidden = this.rooms.size === 0;
    const rooms = [...this.rooms.keys()];
    // Two rooms (a player once the game is over): a tab each.
    this.tabs.replaceChildren(
      ...(rooms.length > 1
        ? rooms.map(room => {
            const tab = el('button', 'chat-tab', TAB_NAMES[room]);
            tab.type = 'button';
            tab.dataset.room = room;
            tab.setAttribute('aria-pressed', String(room === this.shown));
            tab.addEventListener('click', () => {
              this.shown = room;
              this.render();
            });
            return tab;
          })
        : []),
    );
    this.tabs.hidden = rooms.length < 2;
    this.title.textContent = this.shown ? ROOM_TITLES[this.shown] : '';
    this.element.dataset.room = this.shown ?? '';
    const writing = this.shown !== null && this.shown === this.write;
    this.form.hidden = !writing;
    this.noteEl.textContent =
      this.shown === 'spectator' && this.write === null
        ? 'Sign up or log in (in the lobby) to write here; guests read the spectators’ chat.'
        : this.shown === 'spectator' && this.write === 'player'
          ? 'You read the spectators’ chat now that the game is over; you write in the players’ room.'
          : '';
    this.renderLines();
  }

  private renderLines(): void {
    const lines = [...(this.shown ? this.rooms.get(this.shown)?.values() ?? [] : [])].sort((a, b) => a.n - b.n);
    const shown = lines.filter(l => !this.muted.has(l.by));
    this.linesEl.replaceChildren(...shown.map(l => this.lineElement(l)));
    this.linesEl.scrollTop = this.linesEl.scrollHeight;
    this.renderMuted();
  }

  private lineElement(line: Line): HTMLLIElement {
    const item = el('li', 'chat-line');
    item.dataset.by = line.by;
    item.dataset.n = String(line.n);
    if (line.at_ms) item.title = new Date(line.at_ms).toLocaleTimeString();
    // textContent only: a line is plain text whatever it holds.
    item.append(el('span', 'chat-by', line.by), el('span', 'chat-text', line.text));
    if (line.by !== this.me) {
      const mute = el('button', 'chat-mute', 'Mute');
      mute.type = 'button';
      mute.title = `Hide ${line.by}’s lines`;
      mute.setAttribute('aria-label', `Mute ${line.by}`);
      mute.addEventListener('click', () => this.setMuted(line.by, true));
      item.append(mute);
    }
    return item;
  }

  /** The writers muted here, each with a button that shows their lines again. */
  private renderMuted(): void {
    const names = [...this.muted].sort();
    this.mutedEl.hidden = names.length === 0;
    this.mutedEl.replaceChildren(
      ...(names.length ? [el('span', 'chat-muted-title', 'Muted:')] : []),
      ...names.map(name => {
        const b = el('button', 'chat-unmute', `${name} ✕`);
        b.type = 'button';
        b.dataset.by = name;
        b.setAttribute('aria-label', `Unmute ${name}`);
        b.addEventListener('click', () => this.setMuted(name, false));
        return b;
      }),
    );
  }

  private setMuted(name: string, muted: boolean): void {
    if (muted) this.muted.add(name);
    else this.muted.delete(name);
    try {
      localStorage.setItem(MUTED_KEY, JSON.stringify([...this.muted]));
    } catch {
      // Storage refused (a private window's quota): the mute holds for this page only.
    }
    this.renderLines();
  }
}
