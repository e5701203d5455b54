/**
 * Every integration's module. Each pairs with its endpoint's declaration in @chat/contracts (how
 * it authenticates, its body limit) by name; a test checks both lists agree.
 */
import type { Integration } from '../framework/integration';
import { alertmanager } from './alertmanager';
import { bitbucket2 } from './bitbucket2';
import { bitbucket3 } from './bitbucket3';
import { azuredevops } from './azuredevops';
import { buildbot } from './buildbot';
import { circleci } from './circleci';
import { basecamp } from './basecamp';
import { github } from './github';
import { githubSponsors } from './githubsponsors';
import { gitlab } from './gitlab';
import { gitea } from './gitea';
import { gogs } from './gogs';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import { jira } from './jira';
import { json } from './json';
import { linear } from './linear';
import { sentry } from './sentry';
import { slackIncoming } from './slack-incoming';
import { teamcity } from './teamcity';
import { travis } from './travis';
import { trello } from './trello';

export const INTEGRATIONS: Integration[] = [
  helloworld,
  slackIncoming,
  json,
  github,
  githubSponsors,
  alertmanager,
  grafana,
  gitlab,
  sentry,
  bitbucket2,
  bitbucket3,
  gogs,
  gitea,
  azuredevops,
  circleci,
  travis,
  teamcity,
  buildbot,
  jira,
  linear,
  trello,
  basecamp,
];
