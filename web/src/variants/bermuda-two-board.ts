// Bermuda chess on two boards: the upper board is drawn a quarter turned, as
// the rules' diagrams show it, each board titled by whose pieces start on it.

import type { VariantUi } from './variant-ui';

export const bermudaTwoBoard: VariantUi = {
  id: 'bermuda-two-board',
  turned: { U: 'quarter' },
  boardTitles: { L: 'Lower board (human pieces)', U: 'Upper board (alien pieces), quarter-turned' },
};
