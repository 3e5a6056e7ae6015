// The game page served by `chesslantis serve` at /game/ID. It talks to the
// server's game socket /ws/games/ID (`?socket=URL` names another). The seat
// comes from the server's messages (`you`), else `?seat=`.

import 'chessgroundx/assets/chessground.base.css';
import '../styles/app.css';
import { api } from './api';
import { ChatPanel } from './chat';
import { GamePage } from './game';
import { GameInfo } from './game-info';
import { installPieceStyles } from './pieces';
import { ratingChangesOf } from './players';
import { TakebackPanel } from './takeback';
import { WebSocketTransport } from './transport';
import type { Viewer } from './view';

const params = new URLSearchParams(location.search);
const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
const gameId = /\/game\/([^/]+)/.exec(location.pathname)?.[1] ?? params.get('game') ?? '';
const socket = params.get('socket') ?? `${scheme}//${location.host}/ws/games/${encodeURIComponent(decodeURIComponent(gameId))}`;
const seat = (params.get('seat') ?? 'spectator') as Viewer;

installPieceStyles();
const transport = new WebSocketTransport(socket, () => api.gameExists(decodeURIComponent(gameId)));
const page = new GamePage(document.getElementById('app')!, transport, seat);
const info = new GameInfo();
const takeback = new TakebackPanel(action => transport.send(action));
page.gameSlot.append(info.element, takeback.element);
// The state's takeback part and rating change, read before the page draws that state.
transport.claim(raw => {
  if (takeback.hear(raw)) page.stateExtras = { ...takeback.replay(), ratingChanges: ratingChangesOf(raw) };
  return false;
});
transport.listen(m => info.receive(m));
const chat = new ChatPanel(message => transport.sendMessage(message));
transport.claim(raw => chat.receive(raw));
page.chatSlot.append(chat.element);
