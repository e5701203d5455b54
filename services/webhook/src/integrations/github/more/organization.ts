/**
 * Organization events: people joining or leaving a team (in the organization's topic) and a
 * team's own settings changing (in the team's topic).
 */
import { unsupportedEvent } from '../../../framework/errors';
import type { Handler } from '../../../framework/integration';
import { optObject, requireString } from '../../../framework/payload';
import { senderName } from '../common';

const membership: Handler = (payload) => {
  const topic = `${requireString(payload, 'organization.login')} organization`;
  const action = requireString(payload, 'action');
  const team = requireString(payload, 'team.name');
  const who = `[${requireString(payload, 'member.login')}](${requireString(payload, 'member.html_url')})`;
  return { topic, content: `${senderName(payload)} ${action} ${who} ${action === 'removed' ? 'from' : 'to'} the ${team} team.` };
};

/**
 * GitHub documents these team actions; they are not told (a repository given to a team is told
 * by `team_add`). Any other action is new since they were listed, so it is answered as unsupported.
 */
const SILENT_TEAM_ACTIONS = ['added_to_repository', 'created', 'deleted', 'removed_from_repository'];

/** What an edit to a team changed: its description, name or visibility, else the changed keys. */
function teamEdit(payload: Parameters<Handler>[0]): string {
  const changes = optObject(payload, 'changes');
  if ('description' in changes) {
    return `**${senderName(payload)}** changed the team description to:\n\n~~~ quote\n${requireString(payload, 'team.description')}\n~~~`;
  }
  if ('name' in changes) {
    return `Team \`${requireString(changes, 'name.from')}\` was renamed to \`${requireString(payload, 'team.name')}\`.`;
  }
  if ('privacy' in changes) return `Team visibility changed to \`${requireString(payload, 'team.privacy')}\``;
  // Something GitHub added since: still worth a line, so the team knows to look on GitHub.
  return `Team has changes to \`${Object.keys(changes).sort().join('/')}\` data.`;
}

const team: Handler = (payload) => {
  const action = requireString(payload, 'action');
  if (SILENT_TEAM_ACTIONS.includes(action)) return null;
  if (action !== 'edited') throw unsupportedEvent(`unsupported team action ${action}`);
  const topic = `team ${requireString(payload, 'team.name')}`;
  return { topic, content: teamEdit(payload) };
};

export const organizationEvents: Record<string, Handler> = { membership, team };
