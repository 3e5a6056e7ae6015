// The variants as the server describes them (GET /api/variants: each one's
// names, options and typed words, from core's descriptors), asked once per
// page and shared by every part of it. The page's own table of names would
// only drift from the server's.

import { api, type Descriptor } from '../api';

let catalog: Promise<Map<string, Descriptor>> | null = null;
let known = new Map<string, Descriptor>();

/** The variants as the server describes them, asked once per page; an empty list when the server cannot say. */
export function variantCatalog(): Promise<Map<string, Descriptor>> {
  catalog ??= api.variants().then(
    list => (known = new Map(list.map(d => [d.id, d]))),
    () => known,
  );
  return catalog;
}

/** A variant's full name (its id until the catalog has arrived). */
export const nameOf = (id: string): string => known.get(id)?.name ?? id;

/** A variant's name where room is short. */
export const shortNameOf = (id: string): string => known.get(id)?.short_name ?? id;

/** The words typed for an action (`bomb` → `detonate`). */
export function typedWordsOf(id: string): Record<string, string> {
  return Object.fromEntries((known.get(id)?.typed_words ?? []).map(w => [w.word, w.means]));
}
