/**
 * Every integration's module. Each pairs with its endpoint's declaration in @chat/contracts (how
 * it authenticates, its body limit) by name; a test checks both lists agree.
 */
import type { Integration } from '../framework/integration';
import { alertmanager } from './alertmanager';
import { github } from './github';
import { gitlab } from './gitlab';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import { json } from './json';
import { freshdesk } from './freshdesk';
import { newrelic } from './newrelic';
import { opsgenie } from './opsgenie';
import { pagerduty } from './pagerduty';
import { sentry } from './sentry';
import { slackIncoming } from './slack-incoming';
import { statuspage } from './statuspage';
import { uptimerobot } from './uptimerobot';
import { zabbix } from './zabbix';

export const INTEGRATIONS: Integration[] = [
  helloworld,
  slackIncoming,
  json,
  github,
  alertmanager,
  grafana,
  gitlab,
  sentry,
  pagerduty,
  opsgenie,
  newrelic,
  zabbix,
  uptimerobot,
  statuspage,
  freshdesk,
];
