/**
 * A fixed conversation with the server that calls every endpoint of the route table at least once
 * (but those in NOT_RECORDED, each with its reason), as the development realm's users, in an order where each call finds what it needs (a message to
 * edit, a bot to update, a group to delete). Values a step needs from an earlier answer (the id of
 * the message just sent) are taken from `ctx.saved`.
 */
import { webhookEndpoints } from '@chat/contracts';
export type Actor = 'hamlet' | 'iago' | 'othello' | 'cordelia' | 'anonymous' | `${string}@zulip.com`;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface StepContext {
  /** Answers saved by earlier steps, by the step's `save` name. */
  saved: Record<string, Record<string, unknown>>;
  /** Ids from the database: streams by name, users by e-mail. */
  streamId(name: string): number;
  userId(email: string): number;
}

export interface Step {
  as: Actor;
  method: Method;
  path: string | ((ctx: StepContext) => string);
  params?: Record<string, unknown> | ((ctx: StepContext) => Record<string, unknown>);
  /** A file sent as multipart (uploads, custom emoji). */
  file?: { field: string; name: string; content: Buffer };
  /**
   * An incoming webhook's payload, sent raw (JSON) with the third party's headers: one of Zulip's
   * fixtures in test/zulip-webhooks, `<integration>/fixtures/<name>.json`.
   */
  payload?: { fixture: string; headers?: Record<string, string> };
  /** The path is from the server's root (the files messages link), not under /api/v1. */
  root?: boolean;
  /** Keep the answer's body under this name. */
  save?: string;
}

const saved = (ctx: StepContext, name: string, key = 'id'): number | string => ctx.saved[name]![key] as number | string;
const groupId = (ctx: StepContext): number => (ctx.saved.groups!.realm_default_stream_groups as { id: number }[])[0]!.id;
/** The integrations the conversation posts to (below). */
const RECORDED_INTEGRATIONS = ['helloworld', 'slack_incoming', 'json', 'github', 'gitlab', 'sentry', 'grafana', 'alertmanager'];

/**
 * The routes the conversation never calls, by contract name, each with why.
 * test/recordings-coverage.test.ts fails when a route is neither called nor listed here, and when
 * a listed one is called after all.
 */
const BROWSER_ONLY = 'served only under /json to a browser (session cookie and CSRF token); the conversation speaks /api/v1 with API keys';
export const NOT_RECORDED: Readonly<Record<string, string>> = {
  webLogin: `${BROWSER_ONLY}; test/web-sessions.e2e.test.ts covers it`,
  webDevLogin: `${BROWSER_ONLY}; test/web-sessions.e2e.test.ts covers it`,
  webLogout: `${BROWSER_ONLY}, and it would end the session; test/web-sessions.e2e.test.ts covers it`,
  webInvitation: `${BROWSER_ONLY}, with a key only the invitation e-mail carries; test/invites.e2e.test.ts covers it`,
  webJoin: `${BROWSER_ONLY}, with a key only the invitation e-mail carries; test/invites.e2e.test.ts covers it`,
  webSignup: `${BROWSER_ONLY}, with a key only the confirmation e-mail carries; test/invites.e2e.test.ts covers it`,
  webRequestPasswordReset: `${BROWSER_ONLY}; test/password-reset.e2e.test.ts covers it`,
  webConfirmPasswordReset: `${BROWSER_ONLY}, with a token only the reset e-mail carries; test/password-reset.e2e.test.ts covers it`,
  webGetTwoFactor: `${BROWSER_ONLY}; test/two-factor.e2e.test.ts covers it`,
  webBeginTwoFactor: `${BROWSER_ONLY}, with a new secret each time; test/two-factor.e2e.test.ts covers it`,
  webConfirmTwoFactor: `${BROWSER_ONLY}, with a code of the time of the run; test/two-factor.e2e.test.ts covers it`,
  webRegenerateRecoveryCodes: `${BROWSER_ONLY}, with a code of the time of the run; test/two-factor.e2e.test.ts covers it`,
  webShowOwnApiKey: `${BROWSER_ONLY}, with the caller's password; test/two-factor.e2e.test.ts covers it`,
  webDisableTwoFactor: `${BROWSER_ONLY}, with a code of the time of the run; test/two-factor.e2e.test.ts covers it`,
  oidcLoginStart: "a redirect into the OpenID Provider, the start of a browser's login; test/oidc-login.e2e.test.ts covers it",
  oidcSignupStart: "a redirect into the OpenID Provider, the start of a browser's sign-up; test/oidc-login.e2e.test.ts covers it",
  oidcComplete: "the provider's callback, with a code and a state only a login in progress has; test/oidc-login.e2e.test.ts covers it",
  externalLoginHandoff: 'a one-minute token only a finished external login hands over; test/oidc-login.e2e.test.ts covers it',
  addWebPushSubscription: "this server's extension, not Zulip's API, for its own web client; test/web-push.e2e.test.ts covers it",
  removeWebPushSubscription: "this server's extension, not Zulip's API, for its own web client; test/web-push.e2e.test.ts covers it",
  showEmailUnsubscribePage: 'a page reached from a link only a digest e-mail carries; test/digest.e2e.test.ts covers it',
  unsubscribeFromEmail: 'a link only a digest e-mail carries, and it would turn the digest off; test/digest.e2e.test.ts covers it',
  trelloConfirmation: 'HEAD: an answer without a body to record; test/zulip-webhook-fixtures.e2e.test.ts covers it',
  // The conversation posts to the first integrations; every integration's messages are pinned by
  // Zulip's own fixtures and expected messages in both topologies.
  ...Object.fromEntries(
    Object.values(webhookEndpoints)
      .filter((integration) => !RECORDED_INTEGRATIONS.includes(integration.name))
      .map((integration) => [integration.name, "Zulip's own cases pin its messages; test/zulip-webhook-fixtures.e2e.test.ts covers it"]),
  ),
};

/** The integration's fixture posted to Denmark by the development realm's incoming-webhook bot. */
const webhook = (integration: string, fixture: string, headers?: Record<string, string>): Step => ({
  as: 'webhook-bot@zulip.com',
  method: 'post',
  path: `/external/${integration}`,
  params: { stream: 'Denmark' },
  payload: { fixture: `${integration}/fixtures/${fixture}`, headers },
});
/** A 1 × 1 PNG (images are decoded: its data must be whole). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const SCENARIO: Step[] = [
  { as: 'anonymous', method: 'get', path: '/server_settings' },
  { as: 'anonymous', method: 'post', path: '/fetch_api_key', params: { username: 'hamlet@zulip.com', password: 'wrong' } },
  { as: 'anonymous', method: 'post', path: '/dev_fetch_api_key', params: { username: 'cordelia@zulip.com' } },
  { as: 'anonymous', method: 'get', path: '/dev_list_users' },
  { as: 'hamlet', method: 'get', path: '/users/me' },
  { as: 'hamlet', method: 'get', path: '/users', params: { client_gravatar: false } },
  { as: 'hamlet', method: 'get', path: (c) => `/users/${c.userId('othello@zulip.com')}` },
  { as: 'hamlet', method: 'get', path: '/streams' },
  { as: 'hamlet', method: 'get', path: '/get_stream_id', params: { stream: 'Denmark' } },
  { as: 'hamlet', method: 'get', path: '/users/me/subscriptions' },

  // Messages.
  {
    as: 'hamlet',
    method: 'post',
    path: '/messages',
    params: { type: 'stream', to: 'Denmark', topic: 'castle', content: 'Something is **rotten**, @**Othello, the Moor of Venice**' },
    save: 'm1',
  },
  {
    as: 'othello',
    method: 'post',
    path: '/messages',
    params: { type: 'private', to: ['hamlet@zulip.com'], content: 'a word' },
    save: 'pm',
  },
  {
    as: 'hamlet',
    method: 'post',
    path: '/messages',
    params: { type: 'private', to: ['othello@zulip.com', 'cordelia@zulip.com'], content: 'to both' },
  },
  {
    as: 'hamlet',
    method: 'get',
    path: '/messages',
    params: { anchor: 10000000000000000, num_before: 5, num_after: 0, narrow: [{ operator: 'stream', operand: 'Denmark' }] },
  },
  {
    as: 'hamlet',
    method: 'get',
    path: '/messages',
    params: { anchor: 0, num_before: 0, num_after: 3, narrow: [{ operator: 'is', operand: 'private' }] },
  },
  {
    as: 'hamlet',
    method: 'get',
    path: '/messages',
    params: { anchor: 10000000000000000, num_before: 3, num_after: 0, narrow: [{ operator: 'search', operand: 'rotten' }] },
  },
  { as: 'hamlet', method: 'get', path: (c) => `/messages/${saved(c, 'm1')}` },
  {
    as: 'hamlet',
    method: 'get',
    path: '/messages/matches_narrow',
    params: (c) => ({ msg_ids: [saved(c, 'm1'), saved(c, 'pm')], narrow: [{ operator: 'search', operand: 'rotten' }] }),
  },
  { as: 'hamlet', method: 'post', path: '/messages/render', params: { content: '**bold** and :smile: and #**Denmark**' } },
  { as: 'hamlet', method: 'patch', path: (c) => `/messages/${saved(c, 'm1')}`, params: { content: 'Something is **very** rotten' } },
  {
    as: 'hamlet',
    method: 'patch',
    path: (c) => `/messages/${saved(c, 'm1')}`,
    params: { topic: 'castle walls', propagate_mode: 'change_one' },
  },
  { as: 'hamlet', method: 'get', path: (c) => `/messages/${saved(c, 'm1')}/history` },
  { as: 'othello', method: 'post', path: (c) => `/messages/${saved(c, 'm1')}/reactions`, params: { emoji_name: 'smile' } },
  { as: 'othello', method: 'delete', path: (c) => `/messages/${saved(c, 'm1')}/reactions`, params: { emoji_name: 'smile' } },
  { as: 'othello', method: 'put', path: (c) => `/messages/${saved(c, 'm1')}/emoji_reactions/heart` },
  { as: 'othello', method: 'delete', path: (c) => `/messages/${saved(c, 'm1')}/emoji_reactions/heart` },
  {
    as: 'hamlet',
    method: 'post',
    path: '/messages',
    params: { type: 'stream', to: 'Denmark', topic: 'poll', content: '/poll Which castle?' },
    save: 'poll',
  },
  {
    as: 'othello',
    method: 'post',
    path: '/submessage',
    params: (c) => ({ message_id: saved(c, 'poll'), msg_type: 'widget', content: '{"type":"vote","key":"canned,0","vote":1}' }),
  },
  { as: 'hamlet', method: 'get', path: (c) => `/messages/${saved(c, 'poll')}` },
  { as: 'hamlet', method: 'post', path: '/zcommand', params: { command: '/night' } },
  { as: 'hamlet', method: 'post', path: '/zcommand', params: { command: '/day' } },
  { as: 'hamlet', method: 'post', path: '/messages/flags', params: (c) => ({ messages: [saved(c, 'm1')], op: 'add', flag: 'starred' }) },
  { as: 'hamlet', method: 'post', path: '/messages/flags', params: { messages: [], op: 'add', flag: 'invalid' } },
  {
    as: 'hamlet',
    method: 'post',
    path: '/messages/flags/narrow',
    params: { anchor: 'oldest', num_before: 0, num_after: 10, narrow: [], op: 'add', flag: 'read' },
  },
  { as: 'hamlet', method: 'get', path: (c) => `/messages/${saved(c, 'm1')}`, params: { apply_markdown: false } },
  {
    as: 'hamlet',
    method: 'post',
    path: '/mark_topic_as_read',
    params: (c) => ({ stream_id: c.streamId('Denmark'), topic_name: 'castle walls' }),
  },
  { as: 'hamlet', method: 'post', path: '/mark_stream_as_read', params: (c) => ({ stream_id: c.streamId('Denmark') }) },
  { as: 'hamlet', method: 'post', path: '/mark_all_as_read' },
  { as: 'othello', method: 'post', path: '/typing', params: { op: 'start', to: ['hamlet@zulip.com'] } },
  {
    as: 'hamlet',
    method: 'post',
    path: '/messages',
    params: { type: 'stream', to: 'Denmark', topic: 'to delete', content: 'gone soon' },
    save: 'm2',
  },
  { as: 'iago', method: 'delete', path: (c) => `/messages/${saved(c, 'm2')}` },
  { as: 'hamlet', method: 'post', path: '/messages', params: { type: 'stream', to: 'Verona', topic: 'doomed topic', content: 'x' } },
  { as: 'iago', method: 'post', path: (c) => `/streams/${c.streamId('Verona')}/delete_topic`, params: { topic_name: 'doomed topic' } },
  { as: 'hamlet', method: 'get', path: (c) => `/users/me/${c.streamId('Denmark')}/topics` },

  // Uploads and attachments.
  {
    as: 'hamlet',
    method: 'post',
    path: '/user_uploads',
    file: { field: 'file', name: 'plan.txt', content: Buffer.from('the plan') },
    save: 'upload',
  },
  { as: 'hamlet', method: 'get', root: true, path: (c) => String(saved(c, 'upload', 'uri')) },
  // The mobile app's way to open it: a temporary URL, then that URL without credentials.
  { as: 'hamlet', method: 'get', path: (c) => String(saved(c, 'upload', 'uri')), save: 'temporary' },
  { as: 'anonymous', method: 'get', root: true, path: (c) => String(saved(c, 'temporary', 'url')) },
  { as: 'hamlet', method: 'get', path: '/attachments', save: 'attachments' },
  { as: 'hamlet', method: 'delete', path: (c) => `/attachments/${(c.saved.attachments!.attachments as { id: number }[])[0]!.id}` },

  // Linkifiers.
  {
    as: 'iago',
    method: 'post',
    path: '/realm/filters',
    params: { pattern: '#(?P<id>[0-9]+)', url_format_string: 'https://github.com/zulip/zulip/issues/%(id)s' },
    save: 'filter',
  },
  { as: 'hamlet', method: 'get', path: '/realm/filters' },
  { as: 'iago', method: 'delete', path: (c) => `/realm/filters/${saved(c, 'filter')}` },

  // Streams and subscriptions.
  {
    as: 'hamlet',
    method: 'post',
    path: '/users/me/subscriptions',
    params: { subscriptions: [{ name: 'Elsinore', description: 'The castle' }], principals: ['hamlet@zulip.com', 'othello@zulip.com'] },
  },
  {
    as: 'hamlet',
    method: 'post',
    path: '/users/me/subscriptions/properties',
    params: (c) => ({ subscription_data: [{ stream_id: c.streamId('Elsinore'), property: 'color', value: '#aabbcc' }] }),
  },
  {
    as: 'hamlet',
    method: 'patch',
    path: '/users/me/subscriptions/muted_topics',
    params: { stream: 'Denmark', topic: 'castle walls', op: 'add' },
  },
  {
    as: 'hamlet',
    method: 'post',
    path: '/user_topics',
    params: (c) => ({ stream_id: c.streamId('Denmark'), topic: 'castle', visibility_policy: 3 }),
  },
  { as: 'hamlet', method: 'get', path: (c) => `/streams/${c.streamId('Elsinore')}` },
  { as: 'hamlet', method: 'get', path: (c) => `/streams/${c.streamId('Elsinore')}/members` },
  { as: 'iago', method: 'patch', path: (c) => `/streams/${c.streamId('Elsinore')}`, params: { description: 'Where the ghost walks' } },
  { as: 'hamlet', method: 'delete', path: '/users/me/subscriptions', params: { subscriptions: ['Elsinore'] } },
  { as: 'hamlet', method: 'patch', path: '/users/me/subscriptions', params: { add: [{ name: 'Elsinore' }], delete: ['Verona'] } },
  {
    as: 'hamlet',
    method: 'patch',
    path: (c) => `/users/me/subscriptions/${c.streamId('Elsinore')}`,
    params: { property: 'pin_to_top', value: true },
  },
  {
    as: 'iago',
    method: 'post',
    path: '/default_stream_groups/create',
    params: { group_name: 'Castles', description: 'Where it happens', stream_names: ['Elsinore'] },
  },
  // The group's id, from the initial state of a queue made for it.
  { as: 'iago', method: 'post', path: '/register', params: { event_types: ['default_stream_groups'] }, save: 'groups' },
  { as: 'iago', method: 'delete', path: '/events', params: (c) => ({ queue_id: saved(c, 'groups', 'queue_id') }) },
  { as: 'iago', method: 'post', path: '/default_streams', params: { stream_name: 'Denmark' } },
  { as: 'iago', method: 'delete', path: '/default_streams', params: { stream_name: 'Denmark' } },
  {
    as: 'iago',
    method: 'patch',
    path: (c) => `/default_stream_groups/${groupId(c)}`,
    params: { new_group_name: 'Fortresses', new_description: 'Stone' },
  },
  {
    as: 'iago',
    method: 'patch',
    path: (c) => `/default_stream_groups/${groupId(c)}/streams`,
    params: { op: 'add', stream_names: ['Denmark'] },
  },
  {
    as: 'iago',
    method: 'patch',
    path: (c) => `/default_stream_groups/${groupId(c)}/streams`,
    params: { op: 'remove', stream_names: ['Denmark'] },
  },
  // Archiving Elsinore takes it out of the group too; it is still there, archived.
  { as: 'iago', method: 'delete', path: (c) => `/streams/${c.streamId('Elsinore')}` },
  { as: 'hamlet', method: 'get', path: (c) => `/streams/${c.streamId('Elsinore')}` },
  { as: 'iago', method: 'delete', path: (c) => `/default_stream_groups/${groupId(c)}` },

  // Users, settings, presence.
  { as: 'hamlet', method: 'get', path: '/users/me/pointer' },
  { as: 'hamlet', method: 'post', path: '/users/me/pointer', params: (c) => ({ pointer: saved(c, 'm1') }) },
  { as: 'hamlet', method: 'put', path: '/users/me/pointer', params: (c) => ({ pointer: saved(c, 'm1') }) },
  { as: 'hamlet', method: 'post', path: '/users/me/presence', params: { status: 'active', new_user_input: true } },
  { as: 'hamlet', method: 'get', path: '/realm/presence' },
  { as: 'hamlet', method: 'get', path: '/users/othello@zulip.com/presence' },
  { as: 'hamlet', method: 'post', path: '/users/me/status', params: { status_text: 'in the castle', away: false } },
  { as: 'hamlet', method: 'patch', path: '/settings/notifications', params: { enable_sounds: false } },
  { as: 'hamlet', method: 'patch', path: '/settings/display', params: { twenty_four_hour_time: true } },
  {
    as: 'hamlet',
    method: 'patch',
    path: '/settings',
    params: { send_private_typing_notifications: false, enable_sounds: true, default_language: 'de' },
  },
  { as: 'hamlet', method: 'post', path: '/users/me/alert_words', params: { alert_words: ['ghost'] } },
  { as: 'hamlet', method: 'get', path: '/users/me/alert_words' },
  { as: 'hamlet', method: 'delete', path: '/users/me/alert_words', params: { alert_words: ['ghost'] } },
  { as: 'hamlet', method: 'post', path: (c) => `/users/me/muted_users/${c.userId('othello@zulip.com')}` },
  { as: 'hamlet', method: 'delete', path: (c) => `/users/me/muted_users/${c.userId('othello@zulip.com')}` },
  { as: 'hamlet', method: 'post', path: '/users/me/android_gcm_reg_id', params: { token: 'recorded-token' } },
  { as: 'hamlet', method: 'delete', path: '/users/me/android_gcm_reg_id', params: { token: 'recorded-token' } },
  { as: 'hamlet', method: 'post', path: '/users/me/apns_device_token', params: { token: 'c0ffee', appid: 'org.zulip.Zulip' } },
  { as: 'hamlet', method: 'delete', path: '/users/me/apns_device_token', params: { token: 'c0ffee' } },
  {
    as: 'iago',
    method: 'post',
    path: '/realm/profile_fields',
    params: { name: 'Castle', hint: 'Which one', field_type: 1 },
    save: 'field',
  },
  { as: 'hamlet', method: 'get', path: '/realm/profile_fields' },
  {
    as: 'hamlet',
    method: 'patch',
    path: '/users/me/profile_data',
    params: (c) => ({ data: [{ id: saved(c, 'field'), value: 'Elsinore' }] }),
  },
  { as: 'hamlet', method: 'delete', path: '/users/me/profile_data', params: (c) => ({ data: [saved(c, 'field')] }) },
  { as: 'iago', method: 'patch', path: (c) => `/realm/profile_fields/${saved(c, 'field')}`, params: { name: 'Keep', hint: 'Which keep' } },
  { as: 'iago', method: 'patch', path: '/realm/profile_fields', params: (c) => ({ order: [saved(c, 'field')] }) },
  { as: 'iago', method: 'delete', path: (c) => `/realm/profile_fields/${saved(c, 'field')}` },
  { as: 'iago', method: 'post', path: '/realm/domains', params: { domain: 'Elsinore.dk', allow_subdomains: false } },
  { as: 'hamlet', method: 'get', path: '/realm/domains' },
  { as: 'iago', method: 'patch', path: '/realm/domains/elsinore.dk', params: { allow_subdomains: true } },
  { as: 'iago', method: 'delete', path: '/realm/domains/elsinore.dk' },
  { as: 'hamlet', method: 'post', path: '/users/me/enter-sends', params: { enter_sends: true } },
  { as: 'hamlet', method: 'post', path: '/users/me/avatar', file: { field: 'file', name: 'me.png', content: PNG } },
  { as: 'othello', method: 'get', root: true, path: (c) => `/avatar/${c.userId('hamlet@zulip.com')}` },
  { as: 'othello', method: 'get', root: true, path: '/avatar/hamlet@zulip.com/medium' },
  { as: 'hamlet', method: 'delete', path: '/users/me/avatar' },
  { as: 'iago', method: 'post', path: '/realm/icon', file: { field: 'file', name: 'icon.png', content: PNG } },
  { as: 'hamlet', method: 'get', path: '/realm/icon', params: { version: 2 } },
  { as: 'iago', method: 'delete', path: '/realm/icon' },
  { as: 'iago', method: 'post', path: '/realm/logo', params: { night: false }, file: { field: 'file', name: 'logo.png', content: PNG } },
  { as: 'hamlet', method: 'get', path: '/realm/logo', params: { night: false } },
  { as: 'iago', method: 'delete', path: '/realm/logo', params: { night: false } },
  // Refused: deactivating the realm would end the conversation (its own test covers it).
  { as: 'hamlet', method: 'post', path: '/realm/deactivate' },
  { as: 'iago', method: 'patch', path: '/realm', params: { description: 'The development realm, recorded' } },
  { as: 'hamlet', method: 'get', path: '/realm/emoji' },
  { as: 'hamlet', method: 'post', path: '/realm/emoji/recorded', file: { field: 'file', name: 'recorded.png', content: PNG } },
  { as: 'hamlet', method: 'get', path: '/realm/emoji', save: 'emoji' },
  {
    as: 'anonymous',
    method: 'get',
    root: true,
    path: (c) =>
      Object.values(c.saved.emoji!.emoji as Record<string, { name: string; source_url: string }>).find((e) => e.name === 'recorded')!
        .source_url,
  },
  { as: 'iago', method: 'delete', path: '/realm/emoji/recorded' },

  // Groups.
  { as: 'hamlet', method: 'get', path: '/user_groups' },
  {
    as: 'iago',
    method: 'post',
    path: '/user_groups/create',
    params: (c) => ({ name: 'gravediggers', description: 'Two clowns', members: [c.userId('hamlet@zulip.com')] }),
  },
  { as: 'iago', method: 'get', path: '/user_groups', save: 'groups' },
  {
    as: 'iago',
    method: 'post',
    path: (c) =>
      `/user_groups/${(c.saved.groups!.user_groups as { id: number; name: string }[]).find((g) => g.name === 'gravediggers')!.id}/members`,
    params: (c) => ({ add: [c.userId('othello@zulip.com')] }),
  },
  {
    as: 'iago',
    method: 'patch',
    path: (c) =>
      `/user_groups/${(c.saved.groups!.user_groups as { id: number; name: string }[]).find((g) => g.name === 'gravediggers')!.id}`,
    params: { description: 'Clowns' },
  },
  {
    as: 'iago',
    method: 'delete',
    path: (c) =>
      `/user_groups/${(c.saved.groups!.user_groups as { id: number; name: string }[]).find((g) => g.name === 'gravediggers')!.id}`,
  },

  // Bots.
  { as: 'hamlet', method: 'post', path: '/bots', params: { full_name: 'Recorder', short_name: 'recorder', bot_type: 1 }, save: 'bot' },
  { as: 'hamlet', method: 'get', path: '/bots' },
  // The bots framework's storage, as the bot itself (before its key is regenerated).
  { as: 'recorder-bot@zulip.com', method: 'put', path: '/bot_storage', params: { storage: { number: '1', message_id: 'null' } } },
  { as: 'recorder-bot@zulip.com', method: 'get', path: '/bot_storage', params: { keys: ['number'] } },
  { as: 'recorder-bot@zulip.com', method: 'delete', path: '/bot_storage' },
  { as: 'hamlet', method: 'patch', path: (c) => `/bots/${saved(c, 'bot', 'user_id')}`, params: { full_name: 'Recorder Two' } },
  { as: 'hamlet', method: 'post', path: (c) => `/bots/${saved(c, 'bot', 'user_id')}/api_key/regenerate` },
  { as: 'hamlet', method: 'delete', path: (c) => `/bots/${saved(c, 'bot', 'user_id')}` },

  // Administration of users.
  {
    as: 'iago',
    method: 'post',
    path: '/users',
    params: { email: 'rosencrantz@zulip.com', password: 'a-long-password', full_name: 'Rosencrantz', short_name: 'rosencrantz' },
  },
  { as: 'iago', method: 'patch', path: (c) => `/users/${c.userId('rosencrantz@zulip.com')}`, params: { full_name: 'Guildenstern' } },
  { as: 'iago', method: 'delete', path: (c) => `/users/${c.userId('rosencrantz@zulip.com')}` },
  { as: 'iago', method: 'post', path: (c) => `/users/${c.userId('rosencrantz@zulip.com')}/reactivate` },
  { as: 'rosencrantz@zulip.com', method: 'post', path: '/users/me/api_key/regenerate' },
  { as: 'rosencrantz@zulip.com', method: 'delete', path: '/users/me' },

  // Invitations (iago, an administrator, hears invites_changed).
  {
    as: 'hamlet',
    method: 'post',
    path: '/invites',
    params: (c) => ({ invitee_emails: 'laertes@example.test, hamlet@zulip.com', stream_ids: [c.streamId('Denmark')] }),
  },
  { as: 'hamlet', method: 'get', path: '/invites', save: 'invites' },
  { as: 'iago', method: 'post', path: (c) => `/invites/${(c.saved.invites!.invites as { id: number }[])[0]!.id}/resend` },
  { as: 'iago', method: 'delete', path: (c) => `/invites/${(c.saved.invites!.invites as { id: number }[])[0]!.id}` },
  { as: 'iago', method: 'post', path: '/invites/multiuse', params: { invite_as: 3 } },
  { as: 'iago', method: 'get', path: '/invites', save: 'links' },
  { as: 'iago', method: 'delete', path: (c) => `/invites/multiuse/${(c.saved.links!.invites as { id: number }[])[0]!.id}` },

  // Incoming webhooks: one payload per integration, each a message in Denmark.
  webhook('helloworld', 'hello.json'),
  webhook('slack_incoming', 'text.json'),
  webhook('json', 'json_pingdom_http_up_to_down.json'),
  webhook('github', 'push__1_commit.json', { 'X-GitHub-Event': 'push' }),
  webhook('gitlab', 'push_hook.json', { 'X-Gitlab-Event': 'Push Hook' }),
  webhook('sentry', 'issue_resolved.json'),
  webhook('grafana', 'alert_v7.json'),
  webhook('alertmanager', 'alert.json'),
  { as: 'hamlet', method: 'get', path: '/integrations' },

  // Event queues (beside the two the recorder polls).
  { as: 'cordelia', method: 'post', path: '/register', params: { event_types: ['message'] }, save: 'queue' },
  {
    as: 'cordelia',
    method: 'get',
    path: '/events',
    params: (c) => ({ queue_id: saved(c, 'queue', 'queue_id'), last_event_id: -1, dont_block: true }),
  },
  { as: 'cordelia', method: 'delete', path: '/events', params: (c) => ({ queue_id: saved(c, 'queue', 'queue_id') }) },

  // Messages in today's clients' vocabulary: direct and channel types, a stream id as `to`, anchor
  // words, channel and with narrows.
  {
    as: 'othello',
    method: 'post',
    path: '/messages',
    params: (c) => ({ type: 'direct', to: [c.userId('hamlet@zulip.com')], content: 'a direct word' }),
    save: 'direct',
  },
  {
    as: 'othello',
    method: 'post',
    path: '/messages',
    params: (c) => ({ type: 'channel', to: c.streamId('Denmark'), topic: 'battlements', content: 'by channel id' }),
  },
  {
    as: 'hamlet',
    method: 'get',
    path: '/messages',
    params: (c) => ({ anchor: 'newest', num_before: 2, num_after: 0, narrow: [{ operator: 'channel', operand: c.streamId('Denmark') }] }),
  },
  {
    as: 'hamlet',
    method: 'get',
    path: '/messages',
    params: (c) => ({ anchor: 'first_unread', num_before: 1, num_after: 1, narrow: [{ operator: 'with', operand: saved(c, 'direct') }] }),
  },
  { as: 'othello', method: 'post', path: '/typing', params: (c) => ({ op: 'start', type: 'direct', to: [c.userId('hamlet@zulip.com')] }) },
  // Wildcard mentions as the mobile app writes them: everyone in the stream is mentioned, the
  // topic's participants (othello, who wrote in it, and the sender) by @**topic** too.
  {
    as: 'hamlet',
    method: 'post',
    path: '/messages',
    params: { type: 'channel', to: 'Denmark', topic: 'battlements', content: '@**channel** and @**topic**: the ghost walks' },
  },
  { as: 'iago', method: 'get', path: '/messages', params: { anchor: 'newest', num_before: 1, num_after: 0 } },
];
