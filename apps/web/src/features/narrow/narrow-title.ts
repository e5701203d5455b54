/** A narrow's title, as the view's heading and the tab show it. */
import type { AppState, Narrow } from '../../lib/types';

export function narrowTitle(narrow: Narrow, state: AppState): string {
  if (narrow.length === 0) return 'All messages';
  return narrow
    .map((t) => {
      const neg = t.negated ? 'not ' : '';
      switch (t.operator) {
        case 'stream':
          return `${neg}#${/^\d+$/.test(t.operand) ? (state.streams[Number(t.operand)]?.name ?? t.operand) : t.operand}`;
        case 'topic':
          return `${neg}> ${t.operand}`;
        case 'pm-with':
          return `${neg}Private messages with ${t.operand
            .split(',')
            .map((id) => (/^\d+$/.test(id) ? (state.users[Number(id)]?.full_name ?? id) : id))
            .join(', ')}`;
        case 'is':
          return (
            { private: 'Private messages', starred: 'Starred messages', mentioned: 'Mentions', unread: 'Unread messages' }[t.operand] ??
            `is:${t.operand}`
          );
        case 'sender':
          return `${neg}Sent by ${/^\d+$/.test(t.operand) ? (state.users[Number(t.operand)]?.full_name ?? t.operand) : t.operand}`;
        case 'search':
          return `Search: ${t.operand}`;
        case 'near':
          return `Near message ${t.operand}`;
        default:
          return `${neg}${t.operator}:${t.operand}`;
      }
    })
    .join(' ');
}
