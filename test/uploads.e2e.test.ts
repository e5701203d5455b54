/**
 * Uploads as a client sees them, in both topologies: upload a file, link it in a message, a
 * recipient downloads it and someone else is refused, then list and delete it, with the owner's
 * attachment events.
 */
import request from 'supertest';
import Ajv from 'ajv';
import { EVENT_SCHEMAS } from '@chat/events';
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

type Target = Parameters<typeof request>[0];

const login = (target: Target, email: string) => new ApiClient(target, { userAgent: 'ZulipPython/0.6' }).loginAs(email);


const ajv = new Ajv({ strict: false });
const validAttachmentEvent = ajv.compile(EVENT_SCHEMAS.attachment!);


type Client = ApiClient;

async function queueOf(client: Client) {
  const registered = await client.api('post', '/register').type('form').send({ event_types: JSON.stringify(['attachment']) });
  const queueId: string = registered.body.queue_id;
  let last: number = registered.body.last_event_id;
  const seen: Record<string, unknown>[] = [];
  return {
    async next(op: string) {
      let found: Record<string, unknown> | undefined;
      await waitFor(
        async () => {
          const res = await client.api('get', '/events').query({ queue_id: queueId, last_event_id: last, dont_block: 'true' });
          for (const event of res.body.events as Record<string, unknown>[]) {
            last = Math.max(last, event.id as number);
            seen.push(event);
          }
          const index = seen.findIndex((e) => e.type === 'attachment' && e.op === op);
          if (index >= 0) found = seen.splice(index, 1)[0];
          return found !== undefined;
        },
        10000,
        { stepMs: 50 },
      );
      return found!;
    },
  };
}

describeBothTopologies('uploads', (env) => {
  let hamlet: Client;
  let othello: Client;
  let cordelia: Client;

  beforeAll(async () => {
    const target = env().target;
    [hamlet, othello, cordelia] = await Promise.all([
      login(target, 'hamlet@zulip.com'),
      login(target, 'othello@zulip.com'),
      login(target, 'cordelia@zulip.com'),
    ]);
  });

  it('uploads, links, serves only readers, lists and deletes, with attachment events', async () => {
    const queue = await queueOf(hamlet);
    const uploaded = await hamlet.api('post', '/user_uploads').attach('file', Buffer.from('the plan'), 'plan.txt');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ result: 'success', msg: '', uri: expect.stringMatching(/^\/user_uploads\/\d+\/[0-9a-f]+\/[\w-]+\/plan\.txt$/), url: expect.any(String) });
    const uri: string = uploaded.body.uri;
    // url is uri's name from feature level 272.
    expect(uploaded.body.url).toBe(uri);
    const added = await queue.next('add');
    expect(validAttachmentEvent(added)).toBe(true);

    const empty = await hamlet.api('post', '/user_uploads').type('form').send({});
    expect(empty.body).toEqual({ result: 'error', msg: 'You must specify a file to upload' });

    // Nobody but the owner before a message links it.
    expect((await othello.api('get', uri.replace('/user_uploads', '/api/v1/user_uploads'))).status).toBe(403);

    const sent = await hamlet.api('post', '/messages').type('form').send({ type: 'private', to: JSON.stringify(['othello@zulip.com']), content: `[plan.txt](${uri})` });
    expect(sent.status).toBe(200);
    const updated = await queue.next('update');
    expect(validAttachmentEvent(updated)).toBe(true);
    expect(updated).toMatchObject({ attachment: { messages: [{ id: sent.body.id }] } });

    const path = uri.replace('/user_uploads', '/api/v1/user_uploads');
    const got = await othello.api('get', path);
    expect(got.status).toBe(200);
    expect(got.text).toBe('the plan');
    const refused = await cordelia.api('get', path);
    expect(refused.status).toBe(403);
    expect((await request(env().target).get(path)).status).toBe(401);
    // The root path the message links (`uri` itself) serves the same, to the same readers.
    const atRoot = await request(env().target).get(uri).set('Authorization', othello.auth);
    expect([atRoot.status, atRoot.text]).toEqual([200, 'the plan']);
    expect((await request(env().target).get(uri).set('Authorization', cordelia.auth)).status).toBe(403);
    expect((await request(env().target).get(uri)).status).toBe(401);
    // Uploading stays an API call.
    expect((await request(env().target).post('/user_uploads').set('Authorization', othello.auth)).status).toBe(404);

    const listed = await hamlet.api('get', '/attachments');
    const mine = (listed.body.attachments as { id: number; path_id: string }[]).find((a) => `/user_uploads/${a.path_id}` === uri);
    expect(mine).toMatchObject({ name: 'plan.txt', size: 8, messages: [{ id: sent.body.id, name: expect.any(Number) }] });
    expect(listed.body.upload_space_used).toBeGreaterThanOrEqual(8);

    expect((await othello.api('delete', `/attachments/${mine!.id}`)).body).toEqual({ result: 'error', msg: 'Invalid attachment', code: 'BAD_REQUEST' });
    expect((await hamlet.api('delete', `/attachments/${mine!.id}`)).body).toEqual({ result: 'success', msg: '' });
    const removed = await queue.next('remove');
    expect(removed).toMatchObject({ attachment: { id: mine!.id } });
    expect(validAttachmentEvent(removed)).toBe(true);
    expect((await othello.api('get', path)).status).toBe(404);
  });
});
