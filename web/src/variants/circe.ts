// Circe (Newport rules): the rebirth square is chosen with the capture (the
// page's chooser asks for it), so a move can never be made ahead.

import type { VariantUi } from './variant-ui';

export const circe: VariantUi = { id: 'circe', premoves: false };
