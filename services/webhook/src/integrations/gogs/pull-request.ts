/**
 * A Gogs pull request: the author (or who merged it), the action, and its branches unless it was
 * only edited. An assignee is named only when the action is the assignment.
 */
import { pullRequestMessage } from '../../framework/git';
import { requireBool, type JsonObject } from '../../framework/payload';
import { int, present, str } from './fields';

export function gogsPullRequest(payload: JsonObject, includeTitle: boolean): string {
  const merged = requireBool(payload, 'pull_request.merged');
  const userName = merged ? str(payload, 'pull_request.merged_by.username') : str(payload, 'pull_request.user.username');
  const action = merged ? 'merged' : str(payload, 'action');
  const edited = action === 'edited';
  const assignee =
    present(payload, 'action') && present(payload, 'pull_request.assignee') ? str(payload, 'pull_request.assignee.login') : null;
  return pullRequestMessage({
    userName,
    action,
    url: str(payload, 'pull_request.html_url'),
    number: int(payload, 'pull_request.number'),
    targetBranch: edited ? null : str(payload, 'pull_request.head_branch'),
    baseBranch: edited ? null : str(payload, 'pull_request.base_branch'),
    title: includeTitle ? str(payload, 'pull_request.title') : null,
    assigneeUpdated: assignee,
  });
}
