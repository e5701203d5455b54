/**
 * What Bitbucket Cloud's payloads share: who acted (by display name, since Bitbucket stopped
 * sending usernames for privacy), the repository, links, and the topics its events go to.
 */
import { missingArgument } from '@chat/errors';
import { itemTopic } from '../../framework/git';
import { dig, isObject, requireString, type Json, type JsonObject } from '../../framework/payload';

/** A field that must be present (null counts as present, as a key Bitbucket sends empty). */
export function need(value: Json | undefined, path: string): Json {
  const found = dig(value, path);
  if (found === undefined) throw missingArgument(path);
  return found;
}

/**
 * A user as Bitbucket names them now: the display name, else the nickname. Neither is a payload
 * we cannot name anyone in; the message still goes, about an unknown user.
 */
export function userInfo(user: Json | undefined): string {
  if (isObject(user) && Object.hasOwn(user, 'display_name')) return requireString(user, 'display_name');
  if (isObject(user) && Object.hasOwn(user, 'nickname')) return requireString(user, 'nickname');
  return 'Unknown user';
}

export function actorInfo(payload: JsonObject): string {
  return userInfo(need(payload, 'actor'));
}

/** Bitbucket links every object to its page as `links.html.href`. */
export function htmlUrl(value: Json | undefined, path: string): string {
  return requireString(value, `${path}${path ? '.' : ''}links.html.href`);
}

export function repoName(payload: JsonObject): string {
  return requireString(payload, 'repository.name');
}

export function pullRequestTopic(payload: JsonObject): string {
  return itemTopic(repoName(payload), 'PR', requireString(payload, 'pullrequest.id'), requireString(payload, 'pullrequest.title'));
}

export function issueTopic(payload: JsonObject): string {
  return itemTopic(repoName(payload), 'issue', requireString(payload, 'issue.id'), requireString(payload, 'issue.title'));
}
