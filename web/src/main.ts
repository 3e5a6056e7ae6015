// The game page served by `chesslantis serve`. It talks to the server's game
// socket: `?socket=URL` names it; otherwise it is `/ws` followed by this
// page's path and query (the page /game/abc talks to ws://host/ws/game/abc).
// The seat comes from the server's messages (`viewer`), else `?seat=`.

import 'chessgroundx/assets/chessground.base.css';
import '../styles/app.css';
import { GamePage } from './game';
import { installPieceStyles } from './pieces';
import { WebSocketTransport } from './transport';
import type { Viewer } from './view';

const params = new URLSearchParams(location.search);
const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
const socket = params.get('socket') ?? `${scheme}//${location.host}/ws${location.pathname}${location.search}`;
const seat = (params.get('seat') ?? 'spectator') as Viewer;

installPieceStyles();
new GamePage(document.getElementById('app')!, new WebSocketTransport(socket), seat);
