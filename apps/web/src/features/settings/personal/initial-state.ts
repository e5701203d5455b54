/**
 * The parts of the person's state the settings need that the app does not keep (their bots, muted
 * users, alert words, status, full subscriptions): fetched from /register as its typed answer,
 * then the queue that call made is deleted at once (Zulip has no other read for most of them).
 */
import { eventQueueEndpoints } from '@chat/contracts';
import { api } from '../../../api';

export type StatePart = 'realm' | 'realm_bot' | 'muted_users' | 'alert_words' | 'user_status' | 'subscription' | 'user_topic';

export async function fetchState(parts: StatePart[]) {
  const answer = await api(eventQueueEndpoints.register, {
    apply_markdown: false,
    client_gravatar: false,
    event_types: [],
    fetch_event_types: parts,
  });
  void api(eventQueueEndpoints.deleteQueue, { queue_id: answer.queue_id }).catch(() => undefined);
  return answer;
}

export type FetchedState = Awaited<ReturnType<typeof fetchState>>;
