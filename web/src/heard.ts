// What the page had heard before a new message, and whether the message
// brings a new action: its ply is past the last one (the server's state),
// or, for a bare view without a ply, its last action differs. A state sent
// again (a reconnection) brings nothing new: no sound, nothing announced.

import type { View } from './view';

export interface Heard {
  view: View | null;
  ply: number | undefined;
  /** The server's status of the game (absent when not said). */
  status: string | undefined;
}

export function bringsNewAction(before: Heard, after: Heard & { view: View }): boolean {
  if (!before.view) return false; // the page just opened: nothing happened in front of the player
  if (after.ply !== undefined && before.ply !== undefined) return after.ply > before.ply;
  return JSON.stringify(after.view.last) !== JSON.stringify(before.view.last);
}
