// The arenas' pages: /arenas (the lists, a new arena) and /arena/{id}
// (one arena; `?entryCode=...` fills in a private arena's code).
import '../styles/lobby.css';
import '../styles/arena.css';
import { ArenaListPage } from './arena-list';
import { ArenaPage } from './arena-page';

const root = document.getElementById('app')!;
const id = /^\/arena\/([^/]+)/.exec(location.pathname)?.[1];
if (id) new ArenaPage(root, decodeURIComponent(id), new URLSearchParams(location.search).get('entryCode') ?? '');
else new ArenaListPage(root);
