// The last action in words for screen readers: a polite live region (read
// after what the reader is saying), not shown on the screen.

import { el } from './dom';
import { describeEvents } from './events';
import { bringsNewAction, type Heard } from './heard';
import type { View } from './view';

export class Announcer {
  readonly element = el('p', 'announcer');

  constructor() {
    this.element.setAttribute('aria-live', 'polite');
  }

  /** Says a new action's words, and the end when the game just ended. */
  hear(before: Heard, after: Heard & { view: View }): void {
    if (!bringsNewAction(before, after)) return;
    const view = after.view;
    const end = view.outcome && !before.view?.outcome ? [view.outcome.words ?? view.outcome.result] : [];
    this.element.textContent = [...describeEvents(view.last?.events ?? []), ...end].join('. ');
  }
}
