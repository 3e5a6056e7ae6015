// The variants' registry: each variant's presentation (variants/<id>.ts),
// found by the view's variant or, for a decision that is not a move, by the
// pending kind's owner; and the variants as the server describes them (GET
// /api/variants: names, typed words), fetched once per page. The shared
// pages (game.ts, pieces.ts, the lobby) ask here and name no variant.

import '../../styles/variants.css';
import type { View } from '../view';
import { bede } from './bede';
import { beirut } from './beirut';
import { bermudaAngle } from './bermuda-angle';
import { bermudaTwoBoard } from './bermuda-two-board';
import { chess } from './chess';
import { circe } from './circe';
import { knightsAreGod } from './knights-are-god';
import { lookingGlass } from './looking-glass';
import { portal } from './portal';
import { rejection } from './rejection';
import type { Decision, MoveNotes, VariantUi } from './variant-ui';

export type { Decision, DecisionPage, MoveNotes, SquareMark, VariantUi } from './variant-ui';
export { nameOf, shortNameOf, typedWordsOf, variantCatalog } from './catalog';

const ALL: VariantUi[] = [chess, bermudaAngle, rejection, circe, portal, beirut, knightsAreGod, bermudaTwoBoard, bede, lookingGlass];

const byId = new Map(ALL.map(v => [v.id, v]));

/** A plain move is every variant's; the other pending kinds each belong to the variant that declares them. */
const MOVE = 'move';

/** The variants that declare each pending kind, by kind (one each; the registry's test says so). */
export function pendingOwners(): Record<string, string[]> {
  const owners: Record<string, string[]> = {};
  for (const v of ALL) for (const kind of Object.keys(v.decisions ?? {})) if (kind !== MOVE) (owners[kind] ??= []).push(v.id);
  return owners;
}

const owners = new Map(Object.entries(pendingOwners()).map(([kind, ids]) => [kind, byId.get(ids[0])!]));

/** The registered variants' ids. */
export const variantIds = (): string[] => ALL.map(v => v.id);

/** A variant's presentation; an unknown variant gets none (drawn as its view says). */
export function variantUi(id: string): VariantUi {
  return byId.get(id) ?? { id };
}

/** The decision pending in a view as its owner presents it: the kind's owner's, else the view's variant's own (its conditional moves). */
export function decisionOf(view: View): Decision | undefined {
  const kind = view.pending?.kind;
  if (!kind) return undefined;
  return (owners.get(kind) ?? variantUi(view.variant)).decisions?.[kind];
}

const plainNotes: MoveNotes = { title: 'About these moves:', hoverPrefix: '' };

export function moveNotesOf(id: string): MoveNotes {
  return variantUi(id).moveNotes ?? plainNotes;
}
