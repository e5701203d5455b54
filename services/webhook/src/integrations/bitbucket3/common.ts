/**
 * What Bitbucket Server's payloads share: the acting user as a link to their profile, and
 * `links.self`, the list of links Bitbucket Server gives every object (its page first).
 */
import { missingArgument } from '@chat/errors';
import type { WebhookContext } from '../../framework/integration';
import { dig, requireString, type Json, type JsonObject } from '../../framework/payload';

/** The page of an object at `path`: the first of its `links.self`. */
export function selfUrl(value: Json | undefined, path: string): string {
  const at = `${path}${path ? '.' : ''}links.self`;
  const links = dig(value, at);
  const href = Array.isArray(links) ? dig(links[0], 'href') : undefined;
  if (typeof href !== 'string') throw missingArgument(`${at}[0].href`);
  return href;
}

/** The acting user, linked to their profile. */
export function userLink(payload: JsonObject): string {
  return `[${requireString(payload, 'actor.name')}](${selfUrl(payload, 'actor')})`;
}

/**
 * Whether the caller chose the topic (a non-empty one): links then carry the pull request's
 * title, which the topic no longer gives.
 */
export function withTitle(context: WebhookContext): boolean {
  return Boolean(context.param('topic'));
}
