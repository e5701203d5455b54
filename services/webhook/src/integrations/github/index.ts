/**
 * GitHub: repository, organization and app webhooks (JSON), the event in X-GitHub-Event. The
 * events about code and its review (pushes, pull requests, issues, comments) are in core/, the
 * rest (releases, discussions, checks, deployments, membership, ...) in more/.
 */
export { github } from './legacy';
