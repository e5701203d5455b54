/**
 * Credential changes (deactivation, reactivation, API key regeneration, role changes) must reach
 * every process that caches authentication. The write that makes the change calls
 * notifyAuthChange in its transaction; NOTIFY is delivered at commit to every listener of the
 * database (the gateways, the event tier), in both topologies.
 */
import { currentRequestContext } from '@chat/log';
import type { Executor } from './connect';

export const AUTH_CHANGES_CHANNEL = 'chat_auth_changes';

export async function notifyAuthChange(trx: Executor, userId: number): Promise<void> {
  await trx.raw('SELECT pg_notify(?, ?)', [AUTH_CHANGES_CHANNEL, String(userId)]);
  // Also named in the request's answer (AUTH_CHANGED_HEADER in @chat/http): NOTIFY reaches the
  // gateway asynchronously, and the caller's next request must not find the old credentials there.
  currentRequestContext()?.authChanges?.add(userId);
}
