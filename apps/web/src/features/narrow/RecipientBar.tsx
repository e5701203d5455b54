import { memo } from 'preact/compat';
import type { Message } from '../../lib/types';
import { formatDate, useCssVar } from '../../ui/util';
import { names } from './lookup';
import { messagePmKey, narrowToHash } from './narrow';

interface BarProps {
  message: Message;
  streamName: string;
  color: string;
  selfId: number;
}

export const RecipientBar = memo(function RecipientBar({ message, streamName, color, selfId }: BarProps) {
  const ref = useCssVar<HTMLDivElement>('--stream-color', color);
  if (message.type === 'stream') {
    const streamNarrow = [{ operator: 'stream', operand: String(message.stream_id) }];
    const topicNarrow = [...streamNarrow, { operator: 'topic', operand: message.subject }];
    return (
      <div class="recipient-bar stream" ref={ref}>
        <a href={narrowToHash(streamNarrow, names)}>#{streamName}</a>
        <span aria-hidden="true"> › </span>
        <a href={narrowToHash(topicNarrow, names)}>{message.subject || '(no topic)'}</a>
        <span class="bar-date">{formatDate(message.timestamp)}</span>
      </div>
    );
  }
  const key = messagePmKey(message, selfId);
  const others = Array.isArray(message.display_recipient)
    ? message.display_recipient.filter((r) => r.id !== selfId).map((r) => r.full_name)
    : [];
  return (
    <div class="recipient-bar private" ref={ref}>
      <a href={narrowToHash([{ operator: 'pm-with', operand: key }], names)}>{`You and ${others.join(', ') || 'yourself'}`}</a>
      <span class="bar-date">{formatDate(message.timestamp)}</span>
    </div>
  );
});
