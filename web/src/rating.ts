// A rating in words as lichess writes it: whole points, `?` while provisional.

import type { Rating } from './api';

export const ratingText = (r: Rating): string => `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;

/** What the `?` means, for a tooltip. */
export const ratingHint = (r: Rating): string =>
  r.provisional
    ? `provisional: ± ${Math.round(r.deviation)} after ${r.games} rated game${r.games === 1 ? '' : 's'}; it settles with more games`
    : `± ${Math.round(r.deviation)} after ${r.games} rated games`;
