import {
  UNEXPECTED_PROPERTY,
  validateEvent,
  validateResponse,
  zulipEventKeys,
  zulipOperations,
  zulipSchemaSource,
} from '../src/zulip-schemas';

// Samples written for this test, shaped the way our server answers.
const user = {
  user_id: 8,
  email: 'user8@example.test',
  delivery_email: null,
  full_name: 'Cordelia',
  date_joined: '2024-01-02T03:04:05+00:00',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  role: 400,
  timezone: '',
  avatar_url: null,
  avatar_version: 1,
  profile_data: {},
};

const streamMessage = {
  id: 41,
  sender_id: 8,
  sender_email: 'user8@example.test',
  sender_full_name: 'Cordelia',
  sender_realm_str: 'zulip',
  recipient_id: 3,
  stream_id: 2,
  display_recipient: 'Verona',
  subject: 'lunch',
  type: 'stream',
  content: '<p>soon</p>',
  content_type: 'text/html',
  client: 'test',
  timestamp: 1700000000,
  is_me_message: false,
  reactions: [],
  submessages: [],
  topic_links: [],
  avatar_url: null,
};

describe("the vendored schemas of Zulip's current OpenAPI document", () => {
  it('say where they come from and cover what the server serves', () => {
    expect(zulipSchemaSource()).toMatchObject({ repository: 'zulip/zulip', path: 'zerver/openapi/zulip.yaml' });
    expect(zulipOperations()).toEqual(
      expect.arrayContaining([
        'GET /server_settings',
        'POST /register',
        'GET /events',
        'GET /messages',
        'GET /users/{user_id}',
        'POST /users/me/presence',
        'POST /fetch_api_key',
        'POST /dev_fetch_api_key',
      ]),
    );
    expect(zulipEventKeys()).toEqual(
      expect.arrayContaining(['message', 'heartbeat', 'subscription/add', 'realm_user/update', 'update_message']),
    );
  });
});

describe('validateResponse', () => {
  it('accepts correct bodies', () => {
    expect(
      validateResponse('POST /fetch_api_key', { result: 'success', msg: '', api_key: 'k', email: 'user8@example.test', user_id: 8 }),
    ).toEqual([]);
    expect(validateResponse('GET /users/{user_id}', { result: 'success', msg: '', user })).toEqual([]);
    expect(
      validateResponse('GET /messages', {
        result: 'success',
        msg: '',
        anchor: 41,
        found_anchor: true,
        found_newest: true,
        found_oldest: false,
        history_limited: false,
        messages: [{ ...streamMessage, flags: ['read'] }],
      }),
    ).toEqual([]);
    expect(
      validateResponse('POST /register', {
        result: 'success',
        msg: '',
        queue_id: null,
        last_event_id: -1,
        zulip_feature_level: 1,
        zulip_version: '2.1.0',
        realm_users: [user],
        max_message_id: 41,
      }),
    ).toEqual([]);
  });

  it('names a missing required key', () => {
    expect(validateResponse('POST /dev_fetch_api_key', { result: 'success', msg: '', email: 'user8@example.test' })).toEqual([
      '(root): missing required property "api_key"',
    ]);
    expect(validateResponse('GET /users/me/subscriptions', { result: 'success' })).toEqual([
      '(root): missing required property "msg"',
      '(root): missing required property "subscriptions"',
    ]);
  });

  it('names a wrong type and shows the value', () => {
    expect(validateResponse('GET /users/{user_id}', { result: 'success', msg: '', user: { ...user, user_id: '8', role: 450 } })).toEqual([
      '/user/user_id: must be integer, got string "8"',
      '/user/role: must be one of [100,200,300,400,600], got number 450',
    ]);
  });

  it('reports a field outside a closed object as unexpected, as Zulip writes it', () => {
    const problems = validateResponse('GET /users', { result: 'success', msg: '', members: [{ ...user, is_billing_admin: false }] });
    expect(problems).toEqual([`/members/0: ${UNEXPECTED_PROPERTY} "is_billing_admin" (Zulip's schema closes this object)`]);
  });

  it('checks each event of GET /events against its own schema', () => {
    const body = {
      result: 'success',
      msg: '',
      queue_id: 'q1',
      events: [
        { type: 'heartbeat', id: 0 },
        { type: 'message', id: 1, flags: 'read', message: streamMessage },
      ],
    };
    expect(validateResponse('GET /events', body)).toEqual(['/events/1/flags: must be array, got string "read"']);
  });

  it('refuses an operation it has no schema for', () => {
    expect(() => validateResponse('GET /nowhere', {})).toThrow('No vendored Zulip schema for "GET /nowhere"');
  });
});

describe('validateEvent', () => {
  it('accepts correct events, picking the schema by type and op', () => {
    expect(validateEvent({ type: 'message', id: 3, flags: [], message: streamMessage })).toEqual([]);
    expect(validateEvent({ type: 'subscription', op: 'peer_add', id: 4, stream_ids: [2], user_ids: [8] })).toEqual([]);
    expect(validateEvent({ type: 'realm_user', op: 'update', id: 5, person: { user_id: 8, full_name: 'Goneril' } })).toEqual([]);
    expect(
      validateEvent({
        type: 'typing',
        op: 'start',
        id: 6,
        message_type: 'direct',
        sender: { user_id: 8, email: 'user8@example.test' },
        recipients: [{ user_id: 9, email: 'user9@example.test' }],
      }),
    ).toEqual([]);
  });

  it('names missing required keys and wrong types', () => {
    expect(
      validateEvent({
        type: 'update_message',
        id: 7,
        user_id: null,
        message_id: 41,
        message_ids: [41],
        flags: [],
        edit_timestamp: 1700000001,
      }),
    ).toEqual(['(root): missing required property "rendering_only"']);
    expect(validateEvent({ type: 'subscription', op: 'remove', id: 8, subscriptions: [{ stream_id: '2', name: 'Verona' }] })).toEqual([
      '/subscriptions/0/stream_id: must be integer, got string "2"',
    ]);
  });

  it('tells which alternative of a oneOf came nearest', () => {
    expect(validateEvent({ type: 'realm_user', op: 'update', id: 9, person: { user_id: 8, role: 450 } })).toEqual([
      '/person: matches none of the 9 alternatives of oneOf; the nearest, #4, fails with:',
      '/person/role: must be one of [100,200,300,400,600], got number 450',
    ]);
    // A group-setting value is an integer or an object; an object with a bad member is nearest to the object.
    expect(
      validateEvent({
        type: 'user_group',
        op: 'update',
        id: 10,
        group_id: 3,
        data: { can_join_group: { direct_members: ['8'], direct_subgroups: [] } },
      }),
    ).toEqual([
      '/data/can_join_group: matches none of the 2 alternatives of oneOf; the nearest, #1, fails with:',
      '/data/can_join_group/direct_members/0: must be integer, got string "8"',
    ]);
  });

  it('says when there is no schema to check against', () => {
    expect(validateEvent({ type: 'pointer', id: 1 })).toEqual(['(root): Zulip\'s document has no event type "pointer"']);
    expect(validateEvent({ type: 'stream', op: 'vacuum' })).toEqual([
      '(root): Zulip\'s document has no event type "stream" with op "vacuum"',
    ]);
    expect(validateEvent('heartbeat')).toEqual(['(root): an event must be an object with a string "type"']);
  });
});
