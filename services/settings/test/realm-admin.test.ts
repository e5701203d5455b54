import request from 'supertest';
import { startSettings, eventsOf, type Harness } from './helpers';

describe('PATCH /realm', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startSettings();
  });
  afterAll(() => h.close());

  const patch = async (body: Record<string, string>, who = 'iago') =>
    (
      await request(h.app)
        .patch('/api/v1/realm')
        .set(await h.headers(`${who}@zulip.com`))
        .type('form')
        .send(body)
    ).body;

  it('changes the name, description and flags with realm update events to every active user', async () => {
    const hamlet = await h.user('hamlet@zulip.com');
    const notices = await eventsOf(h.db, async () => {
      expect(
        await patch({ name: JSON.stringify('Elsinore'), description: 'A castle', invite_required: 'false', waiting_period_threshold: '3' }),
      ).toEqual({
        result: 'success',
        msg: '',
        name: 'updated',
        description: 'updated',
        invite_required: false,
        waiting_period_threshold: 3,
      });
    });
    expect(notices.map((n) => n.event)).toEqual([
      { type: 'realm', op: 'update', property: 'description', value: 'A castle' },
      { type: 'realm', op: 'update', property: 'invite_required', value: false },
      { type: 'realm', op: 'update', property: 'name', value: 'Elsinore' },
      { type: 'realm', op: 'update', property: 'waiting_period_threshold', value: 3 },
    ]);
    expect(notices[0]!.userIds).toContain(hamlet.id);
    const realm = await h.db.knex('realms').where({ id: h.realmId }).first();
    expect([realm.name, realm.description, realm.settings.invite_required, realm.settings.waiting_period_threshold]).toEqual([
      'Elsinore',
      'A castle',
      false,
      3,
    ]);
    // Unchanged values change nothing and send nothing.
    const none = await eventsOf(h.db, async () => {
      expect(await patch({ invite_required: 'false' })).toEqual({ result: 'success', msg: '' });
    });
    expect(none).toEqual([]);
  });

  it('sends the editing rules together as update_dict, deleting rules on their own', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect(
        await patch({ allow_message_editing: 'false', message_content_delete_limit_seconds: '120', allow_message_deleting: 'true' }),
      ).toEqual({
        result: 'success',
        msg: '',
        allow_message_editing: false,
        message_content_edit_limit_seconds: 600,
        allow_community_topic_editing: true,
        message_content_delete_limit_seconds: 120,
        allow_message_deleting: true,
      });
    });
    expect(notices.map((n) => n.event)).toEqual([
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { allow_message_editing: false, message_content_edit_limit_seconds: 600, allow_community_topic_editing: true },
      },
      { type: 'realm', op: 'update_dict', property: 'default', data: { message_content_delete_limit_seconds: 120 } },
      { type: 'realm', op: 'update', property: 'allow_message_deleting', value: true },
    ]);
    const realm = await h.db.knex('realms').where({ id: h.realmId }).first('settings');
    expect(realm.settings).toMatchObject({
      allow_message_editing: false,
      allow_message_deleting: true,
      message_content_delete_limit_seconds: 120,
    });
  });

  it('changes authentication methods as update_dict', async () => {
    const notices = await eventsOf(h.db, async () => {
      expect(await patch({ authentication_methods: JSON.stringify({ password: false, email: true }) })).toEqual({
        result: 'success',
        msg: '',
        authentication_methods: { password: false, email: true },
      });
    });
    expect(notices.map((n) => n.event)).toEqual([
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        // The methods now on, as /register's realm_authentication_methods shows them.
        data: { authentication_methods: expect.objectContaining({ password: true, email: true, dev: false, ldap: false }) },
      },
    ]);
    expect(await patch({ authentication_methods: JSON.stringify({ password: false, email: false }) })).toEqual({
      result: 'error',
      msg: 'At least one authentication method must be enabled.',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses non-administrators and bad values', async () => {
    const err = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
    expect(await patch({ name: 'x' }, 'hamlet')).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect(await patch({ name: 'x'.repeat(41) })).toEqual(err('Organization name is too long.'));
    expect(await patch({ description: 'x'.repeat(1001) })).toEqual(err('Organization description is too long.'));
    expect(await patch({ default_language: 'xx' })).toEqual(err("Invalid language 'xx'"));
    expect(await patch({ video_chat_provider: '9' })).toEqual(err('Invalid video_chat_provider 9'));
    expect(await patch({ user_group_edit_policy: '5' })).toEqual(err('Invalid user_group_edit_policy'));
    expect(await patch({ create_stream_policy: '0' })).toEqual(err('Invalid create_stream_policy'));
    expect(await patch({ invite_required: 'yes' })).toEqual(err('Argument "invite_required" is not valid JSON.'));
    expect(await patch({ message_content_edit_limit_seconds: '-5' })).toEqual({
      result: 'error',
      msg: "Bad value for 'message_content_edit_limit_seconds': -5",
      code: 'REQUEST_VARIABLE_INVALID',
      var_name: 'message_content_edit_limit_seconds',
      bad_value: '-5',
    });
  });
});
