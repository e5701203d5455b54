/**
 * Every integration, in one table. The gateway's route table has one row per entry (its auth
 * `webhook`, with `webhookAuth: 'basic'` for the HTTP Basic ones); a test checks both agree.
 */
import type { Integration } from '../framework/integration';
import { alertmanager } from './alertmanager';
import { github } from './github';
import { gitlab } from './gitlab';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import { json } from './json';
import { sentry } from './sentry';
import { slackIncoming } from './slack-incoming';

export const INTEGRATIONS: Integration[] = [helloworld, slackIncoming, json, github, alertmanager, grafana, gitlab, sentry];
