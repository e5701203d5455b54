/** GitHub: repository, organization and app webhooks (JSON), the event in X-GitHub-Event. */
export { github } from './legacy';
