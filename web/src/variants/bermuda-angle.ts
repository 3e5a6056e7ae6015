// Bermuda Chess Angle: the dice roll after a move (no premoves; the prompt
// says they roll), the rolled square is marked, and a move's note is its
// survival odds ("c3: survives 35/36"). The Angle is the view's special squares.

import { el } from '../dom';
import type { VariantUi } from './variant-ui';

export const bermudaAngle: VariantUi = {
  id: 'bermuda-angle',
  premoves: false,
  moveNotes: { title: 'Survival odds:', hoverPrefix: 'survives ' },
  decisions: {
    roll: { prompt: () => el('p', undefined, 'The dice are rolling…') },
  },
  marks(view) {
    const roll = view.knowledge?.last_roll;
    return [{ kind: 'rolled', squares: roll ? [roll] : [], title: s => `the dice rolled ${s}` }];
  },
  // The rolled square is marked on the board and said by the dice beside it.
  knowledgeLine: key => (key === 'last_roll' ? null : undefined),
};
