/**
 * A Gitea pull request: unlike Gogs, the actor is the sender (who acted, not who opened it), the
 * branches are under head.ref and base.ref, and an assignee is always named.
 */
import { pullRequestMessage } from '../../framework/git';
import { requireBool, dig, type JsonObject } from '../../framework/payload';
import { int, present, str } from '../gogs/fields';

export function giteaPullRequest(payload: JsonObject, includeTitle: boolean): string {
  const merged = requireBool(payload, 'pull_request.merged');
  const userName = merged ? str(payload, 'pull_request.merged_by.username') : str(payload, 'sender.username');
  const action = merged ? 'merged' : str(payload, 'action');
  const edited = action === 'edited';
  const has = (key: string) => dig(payload, `pull_request.${key}`) !== undefined;
  const assignee = present(payload, 'pull_request.assignee') ? str(payload, 'pull_request.assignee.login') : null;
  return pullRequestMessage({
    userName,
    action,
    url: str(payload, 'pull_request.html_url'),
    number: int(payload, 'pull_request.number'),
    targetBranch: !edited && has('head') ? str(payload, 'pull_request.head.ref') : null,
    baseBranch: !edited && has('base') ? str(payload, 'pull_request.base.ref') : null,
    title: includeTitle ? str(payload, 'pull_request.title') : null,
    assignee,
    assigneeUpdated: action === 'assigned' ? assignee : null,
  });
}
