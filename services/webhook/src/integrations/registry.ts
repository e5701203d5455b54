/**
 * Every integration's module. Each pairs with its endpoint's declaration in @chat/contracts (how
 * it authenticates, its body limit) by name; a test checks both lists agree.
 */
import type { Integration } from '../framework/integration';
import { alertmanager } from './alertmanager';
import { azuredevops } from './azuredevops';
import { basecamp } from './basecamp';
import { bitbucket2 } from './bitbucket2';
import { bitbucket3 } from './bitbucket3';
import { buildbot } from './buildbot';
import { circleci } from './circleci';
import { freshdesk } from './freshdesk';
import { gitea } from './gitea';
import { github } from './github';
import { githubSponsors } from './githubsponsors';
import { gitlab } from './gitlab';
import { gogs } from './gogs';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import { jira } from './jira';
import { json } from './json';
import { linear } from './linear';
import { newrelic } from './newrelic';
import { opsgenie } from './opsgenie';
import { pagerduty } from './pagerduty';
import { sentry } from './sentry';
import { slackIncoming } from './slack-incoming';
import { statuspage } from './statuspage';
import { teamcity } from './teamcity';
import { travis } from './travis';
import { trello } from './trello';
import { uptimerobot } from './uptimerobot';
import { zabbix } from './zabbix';

/** In the order of their file names; the endpoint declarations set the order they are listed in. */
export const INTEGRATIONS: Integration[] = [
  alertmanager,
  azuredevops,
  basecamp,
  bitbucket2,
  bitbucket3,
  buildbot,
  circleci,
  freshdesk,
  gitea,
  github,
  githubSponsors,
  gitlab,
  gogs,
  grafana,
  helloworld,
  jira,
  json,
  linear,
  newrelic,
  opsgenie,
  pagerduty,
  sentry,
  slackIncoming,
  statuspage,
  teamcity,
  travis,
  trello,
  uptimerobot,
  zabbix,
];
