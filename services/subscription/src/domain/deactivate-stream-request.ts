import { writeNotices } from '@chat/db';
import type { SubscriptionDeps } from '../app';
import type { Caller } from './access';
import { deactivateStream } from './deactivate-stream';
import { streamForAdmin } from './update-stream';

/** DELETE /streams/{stream_id} (Zulip's deactivate_stream_backend), for administrators. */
export async function deactivateStreamRequest(deps: SubscriptionDeps, caller: Caller, streamId: number): Promise<void> {
  await deps.db.knex.transaction(async (trx) => {
    const stream = await streamForAdmin(trx, caller.realmId, streamId);
    await writeNotices(trx, await deactivateStream(trx, stream));
  });
  deps.onCommit?.();
}
