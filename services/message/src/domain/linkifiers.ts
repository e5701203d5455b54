/**
 * SEAM: the realm's linkifiers (realm filters) for rendering and subject_links. The markdown
 * engineer is adding services/message/src/store/realm-filters.ts; until it lands this returns no
 * linkifiers, so content and topics render without them. Replace the body with that store's
 * query when it exists (one import, one call).
 */
import type { Executor } from '@chat/db';
import type { Linkifier } from '@chat/markdown';

export async function realmLinkifiers(_db: Executor, _realmId: number): Promise<Linkifier[]> {
  return [];
}
