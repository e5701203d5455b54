/** The project's other news: wiki pages, releases, feature flags and expiring access tokens. */
import { quote } from '../../framework/git';
import type { Handler } from '../../framework/integration';
import { dig, requireString } from '../../framework/payload';
import { actorName, gitlabMessage, repoName } from './common';
import { truthy } from '../../framework/python';

export function wikiPage(action: string): Handler {
  return (payload, context) => {
    const title = requireString(payload, 'object_attributes.title');
    const body = `${actorName(payload)} ${action} [wiki page "${title}"](${requireString(payload, 'object_attributes.url')}).`;
    return gitlabMessage(payload, context, repoName(payload), body);
  };
}

/** Release payloads name no user; a deleted release has no page left to link. */
export const release: Handler = (payload, context) => {
  const action = `${requireString(payload, 'action')}d`;
  const name = requireString(payload, 'name');
  const tag = requireString(payload, 'tag');
  let body: string;
  if (action === 'deleted') body = `Release ${name} for tag ${tag} was ${action}.`;
  else {
    body = `Release [${name}](${requireString(payload, 'url')}) for tag ${tag} was ${action}.`;
    if ('description' in payload) body += quote(requireString(payload, 'description'));
  }
  return gitlabMessage(payload, context, repoName(payload), body);
};

export const featureFlag: Handler = (payload, context) => {
  const action = truthy(dig(payload, 'object_attributes.active')) ? 'activated' : 'deactivated';
  const name = requireString(payload, 'object_attributes.name');
  const url = `${requireString(payload, 'project.web_url')}/-/feature_flags`;
  const body = `${requireString(payload, 'user.username')} ${action} the feature flag [${name}](${url}).`;
  return gitlabMessage(payload, context, repoName(payload), body);
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2024-01-26` → `Jan 26, 2024`. */
function expiryDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${MONTHS[Number(month) - 1] ?? month} ${day}, ${year}`;
}

/** A group's token is managed on the group's settings page, a project's on the project's. */
export const accessTokenExpiry: Handler = (payload, context) => {
  const token = requireString(payload, 'object_attributes.name');
  const expires = expiryDate(requireString(payload, 'object_attributes.expires_at'));
  const group = 'group' in payload;
  const settings = group
    ? `https://gitlab.com/groups/${requireString(payload, 'group.group_path')}/-/settings/access_tokens`
    : `${requireString(payload, 'project.web_url')}/-/settings/access_tokens`;
  const body = `The access token [${token}](${settings}) will expire on ${expires}.`;
  const topic = truthy(dig(payload, 'group')) ? requireString(payload, 'group.group_name') : repoName(payload);
  return gitlabMessage(payload, context, topic, body);
};
