// How the game page talks to the referee. The page only needs to send an
// action text and hear messages; the server's WebSocket and the test harness
// are two ways of doing that, and both go through protocol.ts, so the
// harness tests the very frames the server gets.

import { decodeServerMessage, encodeAction } from './protocol';
import type { ServerMessage } from './view';

export interface Transport {
  /** Sends an action text (see protocol.ts for the frame). */
  send(action: string): void;
  /** Adds a handler, called with every message from the referee, in order. */
  listen(handler: (message: ServerMessage) => void): void;
}

/** Decodes frames, remembers the last ply, encodes actions. */
abstract class FramedTransport implements Transport {
  private readonly handlers: ((message: ServerMessage) => void)[] = [];
  private readonly claimers: ((raw: unknown) => boolean)[] = [];
  private ply: number | undefined;

  protected abstract sendFrame(frame: string): void;

  send(action: string): void {
    this.sendFrame(encodeAction(action, this.ply));
  }

  /** Sends a message that is no action (the chat's), as JSON. */
  sendMessage(message: object): void {
    this.sendFrame(JSON.stringify(message));
  }

  /** Adds a handler that sees every parsed frame first; a frame it claims (true) goes to no other handler (the chat's own messages and errors). */
  claim(handler: (raw: unknown) => boolean): void {
    this.claimers.push(handler);
  }

  listen(handler: (message: ServerMessage) => void): void {
    this.handlers.push(handler);
  }

  /** A frame from the server (text or already parsed JSON). */
  receive(frame: unknown): void {
    let raw = frame;
    if (typeof frame === 'string') {
      try {
        raw = JSON.parse(frame);
      } catch {
        this.notify({ type: 'error', error: { code: 'malformed', message: 'The server sent a message the page cannot read; reload the page.' } });
        return;
      }
    }
    if (this.claimers.some(claims => claims(raw))) return;
    const message = decodeServerMessage(raw);
    if (!message) return;
    if (message.type === 'view' && message.ply !== undefined) this.ply = message.ply;
    this.notify(message);
  }

  protected notify(message: ServerMessage): void {
    for (const handler of this.handlers) handler(message);
  }
}

/** The first wait before connecting again after a drop or a failed connection. */
export const RECONNECT_FIRST_MS = 1000;
/** Each failed connection doubles the wait, up to this. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * A WebSocket that keeps frames until it is open, and after a drop or a
 * failed connection tells `onClose` how long it would wait, doubling the
 * wait after each failure (back to the first once a message arrives);
 * `onClose` calls `again` to connect after that wait.
 */
export class ReconnectingSocket {
  private socket: WebSocket | null = null;
  private readonly queue: string[] = [];
  private wait = RECONNECT_FIRST_MS;

  constructor(
    private readonly url: string,
    private readonly onText: (text: string) => void,
    private readonly onClose: (waitMs: number, again: () => void) => void,
  ) {
    this.connect();
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      for (const frame of this.queue.splice(0)) socket.send(frame);
    });
    socket.addEventListener('message', e => {
      this.wait = RECONNECT_FIRST_MS; // the connection works: a later drop retries soon
      this.onText(String(e.data));
    });
    socket.addEventListener('close', () => {
      const wait = this.wait;
      this.wait = Math.min(wait * 2, RECONNECT_MAX_MS);
      this.onClose(wait, () => setTimeout(() => this.connect(), wait));
    });
  }

  send(frame: string): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
    else this.queue.push(frame);
  }
}

/**
 * The server's game socket (/ws/games/ID): JSON text frames both ways;
 * reconnects after a drop (the server resends the state), waiting longer
 * after each failure, and not at all once the server says there is no such
 * game (`gameExists` false: a browser does not see the socket's 404).
 */
export class WebSocketTransport extends FramedTransport {
  private readonly socket: ReconnectingSocket;

  constructor(
    url: string,
    private readonly gameExists: () => Promise<boolean | null> = async () => null,
  ) {
    super();
    this.socket = new ReconnectingSocket(url, text => this.receive(text), (wait, again) => void this.closed(wait, again));
  }

  private async closed(wait: number, again: () => void): Promise<void> {
    if ((await this.gameExists()) === false) {
      this.notify({ type: 'error', error: { code: 'no_such_game', message: 'There is no such game on this server: check the link you were sent, or start a game in the lobby.' } });
      return;
    }
    this.notify({ type: 'error', error: { code: 'disconnected', message: `Connection lost; connecting again in ${Math.round(wait / 1000)} s…` } });
    again();
  }

  protected sendFrame(frame: string): void {
    this.socket.send(frame);
  }
}

/** A transport the page itself drives: records the frames sent; frames are pushed in by hand (the fixture harness). */
export class RecordingTransport extends FramedTransport {
  readonly sent: string[] = [];

  protected sendFrame(frame: string): void {
    this.sent.push(frame);
  }
}
