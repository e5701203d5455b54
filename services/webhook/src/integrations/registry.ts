/**
 * Every integration's module. Each pairs with its endpoint's declaration in @chat/contracts (how
 * it authenticates, its body limit) by name; a test checks both lists agree.
 */
import type { Integration } from '../framework/integration';
import { alertmanager } from './alertmanager';
import { basecamp } from './basecamp';
import { github } from './github';
import { gitlab } from './gitlab';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import { jira } from './jira';
import { json } from './json';
import { linear } from './linear';
import { sentry } from './sentry';
import { slackIncoming } from './slack-incoming';
import { trello } from './trello';

export const INTEGRATIONS: Integration[] = [
  helloworld,
  slackIncoming,
  json,
  github,
  alertmanager,
  grafana,
  gitlab,
  sentry,
  jira,
  linear,
  trello,
  basecamp,
];
