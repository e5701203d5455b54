/**
 * Rendering a message body through @chat/markdown: the renderer is pure, so the candidates it
 * might need (mentioned users, linked streams, the realm's linkifiers and custom emoji) are looked
 * up here first, fresh for each render (nothing here is cached).
 * The render itself runs in the process's render pool (libs/render-pool), off the event loop and
 * under a deadline; topic links stay here (linkifiers over a topic of at most 60 characters).
 */
import { anyOf, realmUserGroupNames, type Executor } from '@chat/db';
import {
  possibleMentions,
  possibleRealmEmojiNames,
  possibleStreamNames,
  topicLinks,
  type Linkifier,
  type MarkdownContext,
  type RenderResult,
} from '@chat/markdown';
import type { Renderer } from '@chat/render-pool';
import { activeRealmEmojiNamed } from './realm-emoji';
import { loadRealmLinkifiers } from './realm-filters';

export interface Rendered extends RenderResult {
  /** Linkifier links for the topic (Zulip's subject_links). */
  subjectLinks: string[];
}

/** Active users of the realm named by @**Full Name** (case-insensitive, as Zulip) or @**Name|id**. */
async function mentionTargets(db: Executor, realmId: number, content: string): Promise<MarkdownContext['users']> {
  const { fullNames, userIds } = possibleMentions(content);
  if (fullNames.length === 0 && userIds.length === 0) return [];
  const rows: { id: number; full_name: string }[] = await db('users')
    .where({ realm_id: realmId, is_active: true })
    .where((q) => {
      if (fullNames.length > 0) q.orWhereRaw('lower(full_name) = ANY(?)', [fullNames.map((n) => n.toLowerCase())]);
      if (userIds.length > 0) q.orWhereRaw(...anyOf('id', userIds));
    })
    .select('id', 'full_name');
  return rows.map((row) => ({ id: row.id, fullName: row.full_name }));
}

async function streamTargets(db: Executor, realmId: number, content: string): Promise<MarkdownContext['streams']> {
  const names = possibleStreamNames(content);
  if (names.length === 0) return [];
  const rows: { id: number; name: string }[] = await db('streams')
    .where({ realm_id: realmId, deactivated: false })
    .whereRaw('lower(name) = ANY(?)', [names.map((n) => n.toLowerCase())])
    .select('id', 'name');
  return rows;
}

/**
 * Renders `content` (and the topic's links) as `author` would send it, the render counted against
 * them in the pool; `linkifiers` when the caller has read them.
 */
export async function renderMessage(
  db: Executor,
  renderer: Renderer,
  author: { id: number; realm_id: number },
  content: string,
  topic: string,
  known?: Linkifier[],
): Promise<Rendered> {
  const realmId = author.realm_id;
  const linkifiers: Linkifier[] = known ?? (await loadRealmLinkifiers(db, realmId));
  const context: MarkdownContext = {
    users: await mentionTargets(db, realmId, content),
    streams: await streamTargets(db, realmId, content),
    linkifiers,
    userGroups: content.includes('@*') ? await realmUserGroupNames(db, realmId) : [],
    realmEmoji: await activeRealmEmojiNamed(db, realmId, possibleRealmEmojiNames(content)),
  };
  // Past the deadline, or when the renderer fails: Zulip's `Unable to render message` (400).
  const result = await renderer.render(author.id, content, context);
  return { ...result, subjectLinks: topic === '' ? [] : topicLinks(topic, linkifiers) };
}

/** subject_links for a topic alone (topic edits). */
export async function renderTopicLinks(db: Executor, realmId: number, topic: string): Promise<string[]> {
  return topic === '' ? [] : topicLinks(topic, await loadRealmLinkifiers(db, realmId));
}
