/**
 * The realm's linkifiers (realm filters) for rendering content and computing subject_links.
 * One indirection so the render and read paths share a single place to add caching later.
 */
import type { Executor } from '@chat/db';
import type { Linkifier } from '@chat/markdown';
import { loadRealmLinkifiers } from '../store/realm-filters';

export async function realmLinkifiers(db: Executor, realmId: number): Promise<Linkifier[]> {
  return loadRealmLinkifiers(db, realmId);
}
