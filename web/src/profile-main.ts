// A user's profile, served at /@/{name}: grade, ratings, finished games.
import '../styles/lobby.css';
import { ProfilePage } from './profile';

const name = decodeURIComponent(/^\/@\/([^/]+)/.exec(location.pathname)?.[1] ?? '');
new ProfilePage(document.getElementById('app')!, name);
