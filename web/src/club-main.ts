// The club events' pages: /tournaments (the list, a new event) and
// /tournament/{id} (one event; `?view=projector` for the club room's screen).
import '../styles/lobby.css';
import '../styles/club.css';
import { EventListPage } from './club-list';
import { EventPage } from './club-event';

const root = document.getElementById('app')!;
const id = /^\/tournament\/([^/]+)/.exec(location.pathname)?.[1];
if (id) new EventPage(root, decodeURIComponent(id));
else new EventListPage(root);
