// A player as the rows beside the clocks show them: a user's name links to
// its profile and carries its rating in the game's variant (lichess's
// `1500?` while provisional; a newcomer's 1500 before its first rated game
// of the variant); once a rated game has ended, as lichess, the rating it
// started with and what the game did to it (`1500 +8`, from the state's
// `rating_change`); a guest's or the engine's name is plain.

import { api, isUserName, profileUrl } from './api';
import { el, link } from './dom';
import { ratingHint, ratingText } from './rating';

/** A newcomer's rating (docs/protocol.md, Ratings), shown before the profile lists the variant. */
const NEWCOMER = { rating: 1500, deviation: 350, games: 0, provisional: true };

/** What a rated game did to a player's rating, in whole points (the state's `rating_change`). */
export interface RatingChange {
  before: number;
  after: number;
  diff: number;
}

export type RatingChanges = Record<'white' | 'black', RatingChange>;

const isChange = (v: unknown): v is RatingChange =>
  typeof v === 'object' && v !== null && ['before', 'after', 'diff'].every(k => typeof (v as Record<string, unknown>)[k] === 'number');

/** The rating changes a server's state message carries (null: none, or not a state). */
export function ratingChangesOf(raw: unknown): RatingChanges | null {
  const change = (raw as { rating_change?: { white?: unknown; black?: unknown } } | null)?.rating_change;
  return change && isChange(change.white) && isChange(change.black) ? { white: change.white, black: change.black } : null;
}

/** `1500 +8`, `1500 −8`, `1500 ±0`. */
export const ratingChangeText = (c: RatingChange): string => `${c.before} ${c.diff > 0 ? '+' : c.diff < 0 ? '−' : '±'}${Math.abs(c.diff)}`;

/** The player's name, and for a user its rating: what the ended rated game did to it, else as its profile says once it arrives. */
export function playerLabel(name: string | null, variant: string, change?: RatingChange | null): string | Node | null {
  if (!name || !isUserName(name)) return name;
  const label = el('span', 'player');
  const rating = el('span', 'player-rating');
  label.append(link(profileUrl(name), name, 'player-link'), ' ', rating);
  if (change) {
    rating.textContent = ratingChangeText(change);
    rating.classList.add('rating-change', change.diff > 0 ? 'up' : change.diff < 0 ? 'down' : 'same');
    rating.title = `${change.before} before this game, ${change.after} after it`;
    return label;
  }
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
