/**
 * Incoming webhooks: one endpoint per integration, POST /external/<name>. The body is the third
 * party's, passed raw whatever its Content-Type; `stream` and `topic` come from the query string.
 * The webhook service pairs each declaration with the module that reads that integration's format.
 */
import { Type, type Static } from '@sinclair/typebox';
import { declareEndpoints, type AnswerSchema, type ContractFields } from '../contract';
import * as p from '../params';

/**
 * Third-party payloads are small (Zulip's fixtures are a few KB); 1 MiB leaves room for large
 * alerts while bounding what one request may hold in memory. Push events, which list commits,
 * raise it.
 */
export const DEFAULT_WEBHOOK_BODY_LIMIT = 1024 * 1024;

const webhookParams = {
  stream: p.string({ description: "The stream to post to; absent: a private message to the bot's owner.", example: 'Denmark' }),
  topic: p.string({ description: "The topic; absent: the integration's own.", example: 'Alerts', sample: false }),
  only_events: p.string({
    description: 'A JSON list of event types to post, shell-style wildcards allowed (`["push", "pull_request_*"]`); others are dropped.',
    example: '["push"]',
    sample: false,
  }),
  exclude_events: p.string({
    description: 'A JSON list of event types not to post, shell-style wildcards allowed.',
    example: '["star"]',
    sample: false,
  }),
};

/** An option of an integration's URL, in Zulip's WebhookUrlOption form (realm_incoming_webhook_bots). */
export interface WebhookUrlOption {
  key: string;
  label: string;
  validator: 'check_bool' | 'check_string';
}

/** The URL options several integrations share (Zulip's PresetUrlOption). */
export const URL_OPTIONS = {
  branches: { key: 'branches', label: 'Only these branches (comma-separated); all when absent', validator: 'check_string' },
  ignorePrivateRepositories: {
    key: 'ignore_private_repositories',
    label: 'Exclude notifications from private repositories',
    validator: 'check_bool',
  },
  // Not Zulip's (its views check no signature): with it, a payload whose signature does not match is refused.
  webhookSecret: {
    key: 'webhook_secret',
    label: 'The secret the service signs its payloads with; they are then checked',
    validator: 'check_string',
  },
} as const satisfies Record<string, WebhookUrlOption>;

interface IntegrationOptions {
  /** As Zulip spells it; messages' client is `Zulip<displayName>Webhook`. */
  displayName: string;
  /** What it posts, for the integrations list and the API reference. */
  summary: string;
  /** The options its URL takes besides stream, topic and the event filters. */
  urlOptions?: readonly WebhookUrlOption[];
  /** `api_key` (query parameter) unless the third party can only send HTTP Basic. */
  auth?: 'api_key' | 'basic';
  /** Bytes; larger bodies get a 413 before any parsing. */
  bodyLimit?: number;
  /** Fields its success answer carries besides the envelope (Slack's `ok: true`, which Slack's tools read). */
  answerFields?: Readonly<Record<string, true>>;
}

function urlOptionParam(option: WebhookUrlOption) {
  return p.string({ description: option.label, example: option.validator === 'check_bool' ? 'true' : 'main', sample: false });
}

function integration(name: string, options: IntegrationOptions) {
  const urlOptions = options.urlOptions ?? [];
  return {
    method: 'POST',
    path: `/external/${name}`,
    auth: 'webhook',
    webhookAuth: options.auth ?? 'api_key',
    displayName: options.displayName,
    posts: options.summary,
    urlOptions,
    summary: `Incoming webhook: ${options.displayName}`,
    description:
      `${options.summary} Called by ${options.displayName} itself: an incoming-webhook bot's URL, with its API key, turns ` +
      'each payload (the body) into a message. The answer is the usual envelope; an event the integration does not post ' +
      'is answered 200 with `code` UNSUPPORTED_WEBHOOK_EVENT_TYPE and a message ending in "; ignoring".',
    params: { ...webhookParams, ...Object.fromEntries(urlOptions.map((o) => [o.key, urlOptionParam(o)])) },
    answerFields: options.answerFields ?? {},
    success: Type.Object(
      Object.fromEntries(
        Object.keys(options.answerFields ?? {}).map((key) => [
          key,
          Type.Literal(true, { description: 'Always true, as the service itself answers.' }),
        ]),
      ),
    ),
    errors: [413],
    rawBody: { limit: options.bodyLimit ?? DEFAULT_WEBHOOK_BODY_LIMIT },
  } satisfies ContractFields<typeof webhookParams, AnswerSchema> & { auth: 'webhook' } & Record<string, unknown>;
}

const GIT_BODY_LIMIT = 5 * 1024 * 1024;

export const webhookEndpoints = declareEndpoints('webhook', {
  helloworld: integration('helloworld', {
    displayName: 'HelloWorld',
    summary: "Posts the day's featured Wikipedia article: the example integration to start a new one from.",
  }),
  slack_incoming: integration('slack_incoming', {
    displayName: 'SlackIncoming',
    // Slack answers its webhooks `ok`; Zulip's success adds `ok: true` for the tools that read it.
    answerFields: { ok: true },
    summary:
      "Posts what a Slack-compatible incoming webhook sends (text, attachments, blocks), so tools built for Slack's incoming webhooks post here unchanged.",
  }),
  json: integration('json', {
    displayName: 'JSON',
    summary: 'Posts any JSON payload as a formatted code block: for services without an integration of their own.',
  }),
  github: integration('github', {
    displayName: 'GitHub',
    summary:
      'Posts pushes, pull requests and reviews, issues, comments, releases, discussions, checks, deployments and more from GitHub repositories and organizations.',
    urlOptions: [
      URL_OPTIONS.branches,
      URL_OPTIONS.ignorePrivateRepositories,
      { key: 'include_repository_name', label: 'true: name the repository in push messages', validator: 'check_bool' },
      URL_OPTIONS.webhookSecret,
    ],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  githubsponsors: integration('githubsponsors', {
    // Zulip serves GitHub Sponsors' webhooks with its GitHub view, under this URL and that name.
    displayName: 'GitHub',
    summary: 'Posts GitHub Sponsors activity: sponsorships started, changed, cancelled or made private.',
  }),
  alertmanager: integration('alertmanager', {
    displayName: 'Alertmanager',
    summary:
      "Posts Prometheus Alertmanager's alerts firing and resolved, one message per topic label and status, each alert linking to its source graph.",
    urlOptions: [
      { key: 'name', label: 'The label or annotation whose value is the topic (default: instance)', validator: 'check_string' },
      { key: 'desc', label: 'The label or annotation that describes each alert (default: alertname)', validator: 'check_string' },
    ],
  }),
  grafana: integration('grafana', {
    displayName: 'Grafana',
    summary: "Posts Grafana's alerts: each firing or resolved alert with its labels, values and links, or a legacy rule's state.",
  }),
  gitlab: integration('gitlab', {
    displayName: 'GitLab',
    summary:
      'Posts GitLab pushes, tags, issues, merge requests, comments, wiki pages, jobs, pipelines, deployments, releases, feature flags and expiring access tokens.',
    urlOptions: [
      URL_OPTIONS.branches,
      { key: 'use_merge_request_title', label: "Use the merge request's title in its topic", validator: 'check_bool' },
    ],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  bitbucket2: integration('bitbucket2', {
    displayName: 'Bitbucket2',
    summary:
      'Posts pushes, tags, pull requests and their comments, issues, forks, commit comments and statuses, and repository changes from Bitbucket Cloud.',
    urlOptions: [URL_OPTIONS.branches],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  bitbucket3: integration('bitbucket3', {
    displayName: 'Bitbucket3',
    summary:
      'Posts branch and tag pushes, pull requests, their reviews and comments, commit comments, forks and renames from Bitbucket Server and Data Center.',
    urlOptions: [URL_OPTIONS.branches],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  gogs: integration('gogs', {
    displayName: 'Gogs',
    summary: 'Posts pushes, new branches and tags, pull requests, issues, comments and releases from Gogs repositories.',
    urlOptions: [URL_OPTIONS.branches],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  gitea: integration('gitea', {
    displayName: 'Gitea',
    summary: 'Posts pushes, new branches and tags, pull requests, issues, comments and releases from Gitea repositories.',
    urlOptions: [URL_OPTIONS.branches],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  sentry: integration('sentry', {
    displayName: 'Sentry',
    summary:
      "Posts Sentry's new exceptions and messages with the lines that raised them, and issues created, assigned, resolved or ignored.",
  }),
  azuredevops: integration('azuredevops', {
    displayName: 'AzureDevOps',
    summary: "Posts Azure Repos' pushes and pull requests (created, updated, merged) from Azure DevOps service hooks.",
    urlOptions: [URL_OPTIONS.branches],
    bodyLimit: GIT_BODY_LIMIT,
  }),
  circleci: integration('circleci', {
    displayName: 'CircleCI',
    summary: 'Posts how CircleCI jobs and workflows ended and the commit they ran on, one topic per project.',
  }),
  travis: integration('travis', {
    displayName: 'Travis',
    summary: "Posts Travis CI's build results with links to the changes and the build log, under the topic builds.",
  }),
  teamcity: integration('teamcity', {
    displayName: 'TeamCity',
    summary:
      'Posts TeamCity builds started, passed, failed, broken and fixed, one topic per build configuration; personal builds go privately to whoever started them.',
  }),
  buildbot: integration('buildbot', {
    displayName: 'Buildbot',
    summary: 'Posts Buildbot builds started and finished with their result, one topic per project.',
  }),
  jira: integration('jira', {
    displayName: 'Jira',
    summary:
      "Posts Jira's issues created, updated (assignee, status, priority and other changes), commented and deleted, one topic per issue.",
  }),
  linear: integration('linear', {
    displayName: 'Linear',
    summary: "Posts Linear's issues and sub-issues created, updated and removed, and their comments, one topic per issue.",
  }),
  trello: integration('trello', {
    displayName: 'Trello',
    summary:
      "Posts a Trello board's activity: cards created, moved, renamed, described, dated, labelled, archived and commented on, checklists, attachments, members and lists.",
  }),
  basecamp: integration('basecamp', {
    displayName: 'Basecamp',
    summary:
      "Posts a Basecamp project's documents, messages, questions and answers, to-do lists, to-dos and comments, one topic per project.",
  }),
  pagerduty: integration('pagerduty', {
    displayName: 'PagerDuty',
    summary:
      "Posts PagerDuty's incident changes (triggered, acknowledged, assigned, resolved, ...) from its v1, v2 and v3 webhooks, one topic per incident.",
  }),
  opsgenie: integration('opsgenie', {
    displayName: 'Opsgenie',
    summary:
      "Posts Opsgenie's alert actions (created, acknowledged, noted, escalated, closed, ...) with the alert's details, one topic per Opsgenie integration.",
    urlOptions: [{ key: 'eu_region', label: "Link alerts to Opsgenie's EU region (app.eu.opsgenie.com)", validator: 'check_bool' }],
  }),
  newrelic: integration('newrelic', {
    displayName: 'NewRelic',
    summary:
      "Posts New Relic's alert incidents (created, activated, closed) with their priority, state and details, one topic per incident.",
  }),
  zabbix: integration('zabbix', {
    displayName: 'Zabbix',
    summary: "Posts Zabbix's trigger alerts (status, severity, trigger and item), one topic per host.",
  }),
  uptimerobot: integration('uptimerobot', {
    displayName: 'UptimeRobot',
    summary: "Posts UptimeRobot's monitor alerts when a monitor goes down or comes back up, one topic per monitor.",
  }),
  statuspage: integration('statuspage', {
    displayName: 'Statuspage',
    summary: "Posts a Statuspage page's incident updates and component status changes.",
  }),
  freshdesk: integration('freshdesk', {
    displayName: 'Freshdesk',
    summary: "Posts Freshdesk's new tickets, notes and ticket status and priority changes, one topic per ticket.",
    auth: 'basic',
  }),
});

/**
 * Trello checks a hook's URL with HEAD before it creates the hook (Zulip's
 * return_success_on_head_request): the key is checked as for a post, and the answer is an empty 200.
 */
export const webhookConfirmationEndpoints = declareEndpoints('webhook', {
  trelloConfirmation: {
    method: 'HEAD',
    path: '/external/trello',
    auth: 'webhook',
    webhookAuth: 'api_key',
    summary: "Incoming webhook: Trello's check of the hook's URL",
    description: "Trello sends HEAD to a hook's URL before creating the hook; the bot's key is checked, and the answer is an empty 200.",
    params: {},
    success: Type.Object({}),
  },
});

const UrlOptionSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  validator: Type.Union([Type.Literal('check_bool'), Type.Literal('check_string')]),
});

/** One integration as GET /integrations lists it: its declaration above and the events its module posts. */
export const IntegrationListing = Type.Object({
  name: Type.String({ description: 'The last part of its URL.' }),
  display_name: Type.String(),
  url: Type.String({ description: "The path to post to, after the server's address; the bot's `api_key` and a `stream` go in its query." }),
  summary: Type.String({ description: 'What it posts.' }),
  url_options: Type.Array(UrlOptionSchema, {
    description: 'The options its URL takes besides stream, topic, only_events and exclude_events.',
  }),
  all_event_types: Type.Union([Type.Array(Type.String()), Type.Null()], {
    description: 'The event types it posts, as only_events and exclude_events name them; null for an integration with one format.',
  }),
});
export type IntegrationListing = Static<typeof IntegrationListing>;

export const webhookCatalogueEndpoints = declareEndpoints('webhook', {
  listIntegrations: {
    method: 'GET',
    path: '/integrations',
    auth: 'user',
    summary: "List the incoming-webhook integrations (this server's extension, not in Zulip's API)",
    description:
      'Every integration this server serves: its name, the URL path its bot posts to, what it posts, the options its URL takes ' +
      "and its event types. The web client's bot settings build a bot's URL from it.",
    params: {},
    success: Type.Object({
      integrations: Type.Array(IntegrationListing, { description: 'Every integration, in the order the server declares them.' }),
    }),
  },
});
