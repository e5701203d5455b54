import type { Executor } from '../connect';
import type { StreamRow } from './streams';

/**
 * The realm's default streams (Zulip's DefaultStream), active ones only, by name. New users are
 * subscribed to them: a service that creates users requests the subscription service's
 * joinDefaultStreams follow-up in the user's transaction, which subscribes and sends the events;
 * this read is for that and for displays (register's realm_default_streams).
 */
export async function defaultStreamsForRealm(db: Executor, realmId: number): Promise<StreamRow[]> {
  const rows: StreamRow[] = await db('default_streams as d')
    .join('streams as s', 's.id', 'd.stream_id')
    .where({ 'd.realm_id': realmId, 's.deactivated': false })
    .select('s.*');
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
