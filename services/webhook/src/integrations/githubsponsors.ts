/**
 * GitHub Sponsors: a sponsors dashboard's webhook. Zulip serves it with the GitHub view under its
 * own name (its events are GitHub's sponsorship ones, github/more/sponsors.ts), so this is the
 * GitHub declaration at another URL; the client is the same ZulipGitHubWebhook.
 */
import type { Integration } from '../framework/integration';
import { github } from './github';

export const githubSponsors: Integration = {
  ...github,
  name: 'githubsponsors',
};
