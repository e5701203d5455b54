/** @*group* mentions of user groups (Zulip's UserGroupMentionPattern). */
import type { Token } from 'markdown-it';
import { envOf, type InlineRule } from './inline-rules';
import { escapeText } from './html';
import { isLinkBoundary } from './links';

const GROUP_MENTION = /@\*([^*]+)\*/y;

/** @*name*: a group of the realm (names compared case-insensitively); unknown names stay text. */
export const groupMention: InlineRule = (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x40 || !isLinkBoundary(state.src[state.pos - 1])) return false;
  GROUP_MENTION.lastIndex = state.pos;
  const match = GROUP_MENTION.exec(state.src);
  if (!match || match.index + match[0].length > state.posMax) return false;
  const env = envOf(state);
  const group = env.userGroupsByName?.get(match[1]!.toLowerCase());
  if (!group) return false;
  if (!silent) {
    state.push('zulip_group_mention', '', 0).meta = group;
    env.mentionedUserGroupIds?.add(group.id);
  }
  state.pos += match[0].length;
  return true;
};

export function renderGroupMention(tokens: Token[], idx: number): string {
  const { id, name } = tokens[idx]!.meta as { id: number; name: string };
  return `<span class="user-group-mention" data-user-group-id="${id}">@${escapeText(name)}</span>`;
}
