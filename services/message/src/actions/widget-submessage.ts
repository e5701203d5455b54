/**
 * A widget message's first submessage (Zulip's do_widget_post_save_actions), stored in the send's
 * transaction, so the message event carries it.
 */
import type { Executor } from '@chat/db';
import { pythonJson, widgetData } from '../lib/widgets';
import type { Submessage } from '../queries/submessages';

/** Stores the widget's submessage when the content makes one; the message's submessages list. */
export async function addWidgetSubmessage(trx: Executor, messageId: number, senderId: number, content: string): Promise<Submessage[]> {
  const data = widgetData(content);
  if (!data) return [];
  const row = { message_id: messageId, sender_id: senderId, msg_type: 'widget', content: pythonJson(data) };
  const [inserted] = (await trx('submessages').insert(row).returning('id')) as { id: number }[];
  return [{ id: inserted!.id, ...row }];
}
