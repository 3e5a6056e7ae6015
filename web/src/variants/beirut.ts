// Beirut: before move 1 each player picks a bomb carrier by a click and arms
// it with a button (the opponent is not told which); the own carrier is
// marked for its player alone, and detonating is a button of its own.

import { el } from '../dom';
import { seatName } from '../seats';
import { squareIn } from '../squares';
import type { LegalAction, View } from '../view';
import type { DecisionPage, VariantUi } from './variant-ui';

const CARRIER = 'carrier ';

/** The setup's actions (`carrier g1`), one for each piece that may carry the bomb. */
const carrierActions = (view: View): LegalAction[] => view.legal.filter(a => a.text.startsWith(CARRIER));

/** "knight on g1": the piece of the view on a square, in words. */
function pieceWords(view: View, square: string): string {
  const piece = view.boards.flatMap(b => b.pieces).find(p => p.square === square);
  return piece ? `${piece.role} on ${square}` : square;
}

/**
 * The same choice for the keyboard (a board's pieces are not reached by
 * Tab): the pieces that may carry the bomb in a list, and a button that arms
 * the one chosen. Gone once a piece is clicked: its own button arms it.
 */
function carrierList(page: DecisionPage): HTMLElement {
  const form = el('form', 'carrier-list');
  const select = el('select');
  select.name = 'carrier';
  for (const a of carrierActions(page.view)) {
    const option = el('option', undefined, pieceWords(page.view, squareIn(a.text) ?? ''));
    option.value = a.text;
    select.append(option);
  }
  const label = el('label', undefined, 'Or choose it from the list: ');
  label.append(select);
  const arm = el('button', 'arm-listed', 'Arm the piece chosen in the list');
  arm.type = 'submit';
  form.append(label, arm);
  form.addEventListener('submit', e => {
    e.preventDefault();
    arm.disabled = true; // armed once: the next view says so
    page.send(select.value);
  });
  return form;
}

/** A click picks a carrier (another click picks another), the button arms it; before a click, the list too. */
function carrierPicker(page: DecisionPage): HTMLElement {
  const { view, picked } = page;
  const box = el('div', 'carrier-picker');
  const action = picked ? carrierActions(view).find(a => squareIn(a.text) === picked) : undefined;
  if (!picked || !action) {
    box.append(el('p', 'carrier-prompt', 'Choose your bomb carrier: click one of your pieces, then arm it. Your opponent will not know which.'), carrierList(page));
    return box;
  }
  const piece = pieceWords(view, picked);
  box.append(el('p', 'carrier-prompt', `The ${piece} will carry your bomb once you arm it; click another of your pieces to pick it instead.`));
  const arm = el('button', 'arm-carrier', `Arm the ${piece}`);
  arm.type = 'button';
  arm.dataset.action = action.text;
  arm.addEventListener('click', () => {
    arm.disabled = true; // armed once: the next view says so
    page.send(action.text);
  });
  box.append(arm);
  return box;
}

export const beirut: VariantUi = {
  id: 'beirut',
  commandLabels: { detonate: 'Detonate the bomb' },
  decisions: {
    choose_carrier: {
      offers: a => a.text.startsWith(CARRIER),
      pickedMark: 'carrier-pick',
      prompt: page => (carrierActions(page.view).length ? carrierPicker(page) : el('p', undefined, `${seatName(page.view.to_act)} is choosing a bomb carrier.`)),
      pick(view, square, seat) {
        const carriers = carrierActions(view);
        if (!carriers.length) return undefined;
        if (carriers.some(a => squareIn(a.text) === square)) return { square };
        const piece = view.boards.flatMap(b => b.pieces).find(p => p.square === square);
        return {
          error: piece && piece.color === seat ? `The ${piece.role} cannot carry the bomb: click another of your pieces.` : 'Click one of your own pieces to choose your carrier.',
        };
      },
    },
  },
  marks(view) {
    const carrier = view.knowledge?.own_carrier;
    const options = carrierActions(view).map(a => squareIn(a.text)).filter((s): s is string => !!s);
    return [
      { kind: 'carrier', squares: carrier ? [carrier] : [], title: () => 'your bomb carrier (only you know)' },
      { kind: 'carrier-option', squares: options },
    ];
  },
  // The model's notes name the carrier already when there are any.
  knowledgeLine: (key, value, notes) => (key !== 'own_carrier' ? undefined : notes ? null : `Your bomb carrier: ${String(value)} (only you know)`),
};
