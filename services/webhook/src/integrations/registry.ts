/**
 * Every integration's module. Each pairs with its endpoint's declaration in @chat/contracts (how
 * it authenticates, its body limit) by name; a test checks both lists agree.
 */
import type { Integration } from '../framework/integration';
import { alertmanager } from './alertmanager';
import { azuredevops } from './azuredevops';
import { buildbot } from './buildbot';
import { circleci } from './circleci';
import { github } from './github';
import { gitlab } from './gitlab';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import { json } from './json';
import { sentry } from './sentry';
import { slackIncoming } from './slack-incoming';
import { teamcity } from './teamcity';
import { travis } from './travis';

export const INTEGRATIONS: Integration[] = [
  helloworld,
  slackIncoming,
  json,
  github,
  alertmanager,
  grafana,
  gitlab,
  sentry,
  azuredevops,
  circleci,
  travis,
  teamcity,
  buildbot,
];
