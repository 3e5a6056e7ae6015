// The lobby, served at /: open seeks (live), a new seek, challenge link or
// engine game, watching a game by its link, and the rules pages.
import '../styles/lobby.css';
import { Lobby } from './lobby';

new Lobby(document.getElementById('app')!);
