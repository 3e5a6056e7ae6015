// Portal Chess: the portals are the view's special squares and a teleport
// is an event of the last move, both drawn by every game's page; nothing more.

import type { VariantUi } from './variant-ui';

export const portal: VariantUi = { id: 'portal' };
