/**
 * The organization's current state for the administration screens, read from /register's typed
 * answer (fetch_event_types names the parts): the queue it makes is deleted at once, since the
 * screens reload after each change rather than follow events.
 */
import { eventQueueEndpoints, type SuccessOf } from '@chat/contracts';
import { api } from '../../api';

export type RealmState = SuccessOf<typeof eventQueueEndpoints.register>;

export async function loadRealmState(parts: string[]): Promise<RealmState> {
  const answer = await api(eventQueueEndpoints.register, { fetch_event_types: parts, event_types: parts });
  if (answer.queue_id) void api(eventQueueEndpoints.deleteQueue, { queue_id: answer.queue_id }).catch(() => undefined);
  return answer;
}
