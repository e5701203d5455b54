import { ofType, startHarness, type Harness } from './helpers';

describe('stream administration', () => {
  let h: Harness;
  let ids: Record<string, number>;
  beforeAll(async () => {
    h = await startHarness();
    ids = {};
    for (const name of ['iago', 'hamlet', 'polonius', 'othello', 'cordelia']) ids[name] = await h.userId(`${name}@zulip.com`);
  });
  afterAll(() => h.close());
  const patch = (streamId: number, form: Record<string, unknown>, email = 'iago@zulip.com') =>
    h.as(email).patch(`/streams/${streamId}`, form);

  describe('PATCH /streams/{stream_id}', () => {
    it('is for administrators', async () => {
      const res = await patch(await h.streamId('Denmark'), { description: '"x"' }, 'hamlet@zulip.com');
      expect(res.body).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
    });

    it('changes the description (JSON or plain), rendered, told to those who may see the stream', async () => {
      const denmark = await h.streamId('Denmark');
      const mark = await h.mark();
      expect((await patch(denmark, { description: JSON.stringify('A country\nin Scandinavia') })).body).toEqual({
        result: 'success',
        msg: '',
      });
      const [update] = ofType(await h.events(mark), 'stream', 'update');
      expect(update!.event).toEqual({
        type: 'stream',
        op: 'update',
        stream_id: denmark,
        property: 'description',
        value: 'A country in Scandinavia',
        rendered_description: '<p>A country in Scandinavia</p>',
        name: 'Denmark',
      });
      // Public stream: every member plus subscribed guests; polonius is not in Denmark.
      expect(update!.userIds).toContain(ids.hamlet);
      expect(update!.userIds).not.toContain(ids.polonius);
      await patch(denmark, { description: 'Plain text works too' });
      expect(await h.db.knex('streams').where({ id: denmark }).first()).toMatchObject({ description: 'Plain text works too' });
    });

    it('renders the description with the message renderer, URL policy included (no !modal_link, no scheme-relative href)', async () => {
      const denmark = await h.streamId('Denmark');
      const description = '!modal_link(javascript:window.onerror=alert;throw 1, click) [x](//evil.example/a)';
      expect((await patch(denmark, { description })).status).toBe(200);
      expect(await h.db.knex('streams').where({ id: denmark }).first()).toMatchObject({
        rendered_description:
          '<p>!modal_link(javascript:window.onerror=alert;throw 1, click) ' +
          '<a href="http://evil.example/a" target="_blank" title="http://evil.example/a">x</a></p>',
      });
      await patch(denmark, { description: 'Plain text works too' });
    });

    it('renames: email_address then name under the old name, and Notification Bot says so', async () => {
      const venice = await h.streamId('Venice');
      const mark = await h.mark();
      const before = await h.jobMark();
      expect((await patch(venice, { new_name: '"Venezia"' })).status).toBe(200);
      const updates = ofType(await h.events(mark), 'stream', 'update');
      expect(updates.map((n) => [n.event.property, n.event.name])).toEqual([
        ['email_address', 'Venice'],
        ['name', 'Venice'],
      ]);
      expect(updates[1]!.event.value).toBe('Venezia');
      expect(String(updates[0]!.event.value)).toMatch(/^Venezia\+/);
      expect(await h.botMessages(before)).toEqual([
        {
          realmId: h.realmId,
          type: 'stream',
          to: 'Venezia',
          topic: 'stream events',
          content: `@_**Iago|${ids.iago}** renamed stream **Venice** to **Venezia**.`,
        },
      ]);
    });

    it('refuses a taken name, the same name and bad names; a change of case is a rename', async () => {
      const venezia = await h.streamId('Venezia');
      expect((await patch(venezia, { new_name: 'rome' })).body).toEqual({
        result: 'error',
        msg: "Stream name 'rome' is already taken.",
        code: 'BAD_REQUEST',
      });
      expect((await patch(venezia, { new_name: 'Venezia' })).body).toEqual({ result: 'error', msg: 'Stream already has that name!' });
      expect((await patch(venezia, { new_name: '"  "' })).body).toEqual({
        result: 'error',
        msg: "Invalid stream name ''",
        code: 'BAD_REQUEST',
      });
      expect((await patch(venezia, { new_name: 'VENEZIA' })).status).toBe(200);
    });

    it('sets is_announcement_only', async () => {
      const rome = await h.streamId('Rome');
      const mark = await h.mark();
      await patch(rome, { is_announcement_only: true });
      const [update] = ofType(await h.events(mark), 'stream', 'update');
      expect(update!.event).toMatchObject({ property: 'is_announcement_only', value: true, name: 'Rome' });
      expect(await h.db.knex('streams').where({ id: rome }).first()).toMatchObject({ is_announcement_only: true });
    });

    it('makes a stream private (is_private or invite_only) only for a subscribed administrator', async () => {
      const scotland = await h.streamId('Scotland');
      const mark = await h.mark();
      expect((await patch(scotland, { is_private: true })).status).toBe(200);
      const [update] = ofType(await h.events(mark), 'stream', 'update');
      expect(update!.event).toMatchObject({ property: 'invite_only', value: true, history_public_to_subscribers: false });
      // Now private: its subscribers and the administrators.
      const subscribers = await h.db.knex('subscriptions').where({ stream_id: scotland, active: true }).pluck('user_id');
      expect(update!.userIds).toEqual([...new Set([...subscribers, ids.iago])].sort((a, b) => a - b));
      expect((await patch(scotland, { invite_only: false })).status).toBe(200);
      expect(await h.db.knex('streams').where({ id: scotland }).first()).toMatchObject({
        invite_only: false,
        history_public_to_subscribers: true,
      });
      // A private stream Iago is not in stays as it is.
      await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'hamlet private' }], invite_only: true });
      const hidden = await patch(await h.streamId('hamlet private'), { is_private: false });
      expect(hidden.body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
      // Verona is a default stream.
      expect((await patch(await h.streamId('Verona'), { is_private: true })).body).toEqual({
        result: 'error',
        msg: 'Default streams cannot be made private.',
      });
    });

    it('applies nothing when one part fails', async () => {
      const denmark = await h.streamId('Denmark');
      const mark = await h.mark();
      const res = await patch(denmark, { description: 'changed?', new_name: 'Rome' });
      expect(res.status).toBe(400);
      expect((await h.db.knex('streams').where({ id: denmark }).first()).description).toBe('Plain text works too');
      expect(await h.events(mark)).toEqual([]);
    });

    it('rejects unknown ids, long descriptions and bad booleans', async () => {
      expect((await patch(99999, { description: 'x' })).body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
      // Past PostgreSQL's integer range (found by test/malformed-input.property.test.ts: was a 500).
      expect((await patch(9223372036854775808, { description: 'x' })).body).toEqual({
        result: 'error',
        msg: 'Invalid stream id',
        code: 'BAD_REQUEST',
      });
      expect((await h.as('iago@zulip.com').delete('/streams/9223372036854775808')).body).toEqual({
        result: 'error',
        msg: 'Invalid stream id',
        code: 'BAD_REQUEST',
      });
      expect((await patch(await h.streamId('Denmark'), { description: 'd'.repeat(1025) })).body).toEqual({
        result: 'error',
        msg: 'description is too long (limit: 1024 characters)',
        code: 'BAD_REQUEST',
      });
      expect((await patch(await h.streamId('Denmark'), { is_private: 'maybe' })).body.msg).toBe('Argument "is_private" is not valid JSON.');
    });
  });

  describe('DELETE /streams/{stream_id}', () => {
    it('is for administrators', async () => {
      const res = await h.as('hamlet@zulip.com').delete(`/streams/${await h.streamId('Denmark')}`);
      expect(res.body).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
    });

    it('archives the stream under its name, keeping its subscriptions, and tells those who could see it', async () => {
      await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'stream to be archived' }] });
      const id = await h.streamId('stream to be archived');
      const mark = await h.mark();
      const res = await h.as('iago@zulip.com').delete(`/streams/${id}`);
      expect(res.body).toEqual({ result: 'success', msg: '' });
      const [deleted] = ofType(await h.events(mark), 'stream', 'delete');
      expect(deleted!.event.streams).toEqual([
        expect.objectContaining({ name: 'stream to be archived', invite_only: false, stream_id: id, is_archived: true }),
      ]);
      expect(deleted!.event.stream_ids).toEqual([id]);
      expect(deleted!.userIds).toContain(ids.hamlet);
      expect(deleted!.userIds).not.toContain(ids.polonius);
      expect(await h.db.knex('streams').where({ id }).first()).toMatchObject({
        deactivated: true,
        invite_only: false,
        name: 'stream to be archived',
      });
      expect(await h.db.knex('subscriptions').where({ stream_id: id, active: true }).pluck('user_id')).toEqual([ids.hamlet]);
      // The name stays taken: subscribing to it reaches the archived stream, never a new one.
      await h.as('othello@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'stream to be archived' }] });
      expect(await h.db.knex('streams').whereRaw('lower(name) = ?', ['stream to be archived']).pluck('id')).toEqual([id]);
      expect((await h.as('iago@zulip.com').delete(`/streams/${id}`)).body).toEqual({
        result: 'error',
        msg: 'Channel is already deactivated',
        code: 'BAD_REQUEST',
      });
      expect((await patch(id, { description: 'x' })).body).toEqual({ result: 'error', msg: 'Invalid stream id', code: 'BAD_REQUEST' });
    });

    it('unarchives with PATCH is_archived=false: stream create to those who may see it', async () => {
      await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'back again' }] });
      const id = await h.streamId('back again');
      expect((await patch(id, { is_archived: 'false' })).body).toEqual({
        result: 'error',
        msg: 'Channel is not currently deactivated',
        code: 'BAD_REQUEST',
      });
      await h.as('iago@zulip.com').delete(`/streams/${id}`);
      expect((await patch(id, { is_archived: 'true' })).body.msg).toBe('Channels are archived with DELETE /streams/{stream_id}.');
      expect((await patch(id, { is_archived: 'false' }, 'hamlet@zulip.com')).body.msg).toBe('Must be an organization administrator');
      const mark = await h.mark();
      expect((await patch(id, { is_archived: 'false', description: 'Returned' })).body).toEqual({ result: 'success', msg: '' });
      const events = await h.events(mark);
      const [created] = ofType(events, 'stream', 'create');
      expect(created!.event.streams).toEqual([expect.objectContaining({ name: 'back again', stream_id: id, is_archived: false })]);
      expect(created!.userIds).toContain(ids.hamlet);
      expect(created!.userIds).not.toContain(ids.polonius);
      expect(ofType(events, 'stream', 'update')).toHaveLength(1);
      expect(await h.db.knex('streams').where({ id }).first()).toMatchObject({ deactivated: false, description: 'Returned' });
    });

    it('keeps a private stream without subscribers archived', async () => {
      await h.as('hamlet@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'empty hideout' }], invite_only: true });
      const id = await h.streamId('empty hideout');
      await h.as('hamlet@zulip.com').delete('/users/me/subscriptions', { subscriptions: ['empty hideout'] });
      expect((await patch(id, { is_archived: 'false' })).body).toEqual({
        result: 'error',
        msg: 'Channel is private and have no subscribers',
        code: 'BAD_REQUEST',
      });
    });

    it('removes a default stream from the defaults, with a default_streams event', async () => {
      await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'welcome' }] });
      await h.as('iago@zulip.com').post('/default_streams', { stream_name: 'welcome' });
      const mark = await h.mark();
      await h.as('iago@zulip.com').delete(`/streams/${await h.streamId('welcome')}`);
      const [defaults] = ofType(await h.events(mark), 'default_streams');
      expect(defaults!.event.default_streams).toEqual([expect.objectContaining({ name: 'Verona' })]);
      expect(defaults!.userIds).not.toContain(ids.polonius);
    });
  });

  describe('default streams', () => {
    it('are seeded with Verona and managed by administrators', async () => {
      const rows = await h.db.knex('default_streams as d').join('streams as s', 's.id', 'd.stream_id').pluck('s.name');
      expect(rows).toEqual(['Verona']);
      expect((await h.as('hamlet@zulip.com').post('/default_streams', { stream_name: 'Denmark' })).body).toEqual({
        result: 'error',
        msg: 'Must be an organization administrator',
        code: 'UNAUTHORIZED_PRINCIPAL',
      });
      const mark = await h.mark();
      expect((await h.as('iago@zulip.com').post('/default_streams', { stream_name: 'Denmark' })).body).toEqual({
        result: 'success',
        msg: '',
      });
      const [event] = ofType(await h.events(mark), 'default_streams');
      expect((event!.event.default_streams as { name: string }[]).map((s) => s.name)).toEqual(['Denmark', 'Verona']);
      await h.as('iago@zulip.com').post('/users/me/subscriptions', { subscriptions: [{ name: 'iago hidden' }], invite_only: true });
      expect((await h.as('iago@zulip.com').post('/default_streams', { stream_name: 'iago hidden' })).body).toEqual({
        result: 'error',
        msg: 'Private streams cannot be made default.',
        code: 'BAD_REQUEST',
      });
      expect((await h.as('iago@zulip.com').delete('/default_streams', { stream_name: 'Denmark' })).status).toBe(200);
    });
  });
});
