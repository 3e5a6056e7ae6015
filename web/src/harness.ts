// The fixture harness: the game page fed by hand-written views
// (web/fixtures/*.json) instead of the server. The browser tests drive it
// through `window.harness`; a person opens harness.html?fixture=NAME to look
// at one (the fixtures are served from ./fixtures/ by the test server).

import 'chessgroundx/assets/chessground.base.css';
import '../styles/app.css';
import { GamePage } from './game';
import { installPieceStyles } from './pieces';
import { RecordingTransport } from './transport';
import { variantCatalog, pendingOwners, variantIds } from './variants';
import type { Viewer } from './view';

/** A fixture file: who looks, the frames they receive (`view` or the server's `state`), and what they must not see. */
export interface Fixture {
  title: string;
  viewer: Viewer;
  messages: unknown[];
  expect?: { squares?: number; pieces?: number };
  /** Facts this viewer may not know, each a CSS selector that must match nothing on the page. */
  hidden?: { fact: string; selector: string }[];
}

declare global {
  interface Window {
    harness: {
      /** Loads a fixture once the variants' names and typed words are there, as a page that has asked the server. */
      load(fixture: Fixture): Promise<void>;
      /** A frame as the server sends it. */
      push(frame: unknown): void;
      sent(): string[];
      /** The variants' registry: the ids it presents, and the variants that declare each pending kind. */
      registry(): { ids: string[]; owners: Record<string, string[]> };
    };
  }
}

installPieceStyles();
const root = document.getElementById('app')!;
let transport = new RecordingTransport();
let page: GamePage | null = null;

window.harness = {
  async load(fixture) {
    await variantCatalog();
    page?.destroy();
    transport = new RecordingTransport();
    const app = document.createElement('div');
    root.replaceChildren(app);
    page = new GamePage(app, transport, fixture.viewer);
    for (const m of fixture.messages) transport.receive(m);
  },
  push(frame) {
    transport.receive(frame);
  },
  sent() {
    return transport.sent;
  },
  registry() {
    return { ids: variantIds(), owners: pendingOwners() };
  },
};

const name = new URLSearchParams(location.search).get('fixture');
if (name) {
  fetch(`${import.meta.env.BASE_URL}fixtures/${encodeURIComponent(name)}.json`)
    .then(r => r.json() as Promise<Fixture>)
    .then(f => window.harness.load(f));
}
