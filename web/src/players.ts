// A player as the rows beside the clocks show them: a user's name links to
// its profile and carries its rating in the game's variant (lichess's
// `1500?` while provisional; a newcomer's 1500 before its first rated game
// of the variant); a guest's or the engine's name is plain.

import { api, isUserName, profileUrl } from './api';
import { el, link } from './dom';
import { ratingHint, ratingText } from './rating';

/** A newcomer's rating (docs/protocol.md, Ratings), shown before the profile lists the variant. */
const NEWCOMER = { rating: 1500, deviation: 350, games: 0, provisional: true };

/** The player's name, and for a user its rating, filled in once its profile arrives. */
export function playerLabel(name: string | null, variant: string): string | Node | null {
  if (!name || !isUserName(name)) return name;
  const label = el('span', 'player');
  const rating = el('span', 'player-rating');
  label.append(link(profileUrl(name), name, 'player-link'), ' ', rating);
  api.profile(name).then(
    profile => {
      const r = profile.ratings.find(r => r.variant === variant) ?? NEWCOMER;
      rating.textContent = `(${ratingText(r)})`;
      rating.title = ratingHint(r);
    },
    () => {
      /* no rating to show: the name stands alone */
    },
  );
  return label;
}
