// Chess: nothing beyond what every game shows.

import type { VariantUi } from './variant-ui';

export const chess: VariantUi = { id: 'chess' };
