// How the game page talks to the referee. The page only needs to send an
// action text and hear messages; the server's WebSocket and the test harness
// are two ways of doing that.

import type { ServerMessage } from './view';

export interface Transport {
  /** Sends `{"action": text}`. */
  send(action: string): void;
  /** Called with every message from the referee, in order. */
  listen(handler: (message: ServerMessage) => void): void;
}

/** The server's game socket: JSON text frames both ways; reconnects after a drop (the server resends the view). */
export class WebSocketTransport implements Transport {
  private socket: WebSocket | null = null;
  private handler: (message: ServerMessage) => void = () => {};
  private readonly queue: string[] = [];

  constructor(private readonly url: string) {
    this.connect();
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      for (const frame of this.queue.splice(0)) socket.send(frame);
    });
    socket.addEventListener('message', e => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        this.handler({ type: 'error', error: { code: 'malformed', message: 'The server sent a message the page cannot read; reload the page.' } });
        return;
      }
      this.handler(message);
    });
    socket.addEventListener('close', () => {
      this.handler({ type: 'error', error: { code: 'disconnected', message: 'Connection lost; reconnecting…' } });
      setTimeout(() => this.connect(), 2000);
    });
  }

  send(action: string): void {
    const frame = JSON.stringify({ action });
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
    else this.queue.push(frame);
  }

  listen(handler: (message: ServerMessage) => void): void {
    this.handler = handler;
  }
}

/** A transport the page itself drives: records what is sent; messages are pushed in by hand (the fixture harness). */
export class RecordingTransport implements Transport {
  readonly sent: string[] = [];
  private handler: (message: ServerMessage) => void = () => {};

  send(action: string): void {
    this.sent.push(JSON.stringify({ action }));
  }

  listen(handler: (message: ServerMessage) => void): void {
    this.handler = handler;
  }

  push(message: ServerMessage): void {
    this.handler(message);
  }
}
