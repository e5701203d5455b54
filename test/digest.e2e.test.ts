/**
 * The weekly digest in both topologies, for a seeded week: the schedule picks the people who
 * were away, the mail (into the mail folder, as in development) says what happened in their
 * streams, in HTML and plain text from one template: the hot conversations with their first
 * messages, who took part and how many more, the new streams; what they cannot read now (a stream
 * they left, a private stream they are not in) and what is older than the week are not in it. Its
 * one-click unsubscribe link (List-Unsubscribe, RFC 8058) turns the digest off, and refuses a
 * tampered token.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Config } from '@chat/config';
import { ApiClient, readMailFolder, waitFor, type ReceivedMail } from '@chat/testing';
import { describeBothTopologies } from './topologies';

jest.setTimeout(120_000);

const folder = mkdtempSync(join(tmpdir(), 'digest-mail-'));
const overrides: Partial<Config> = { emailBackend: 'folder', emailFolder: folder };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Today as Zulip's digest_weekday counts (Monday 0), in UTC. */
const today = () => (new Date().getUTCDay() + 6) % 7;

describeBothTopologies(
  'the weekly digest',
  (env) => {
    let tag = '';
    let iago: ApiClient;
    let othello: ApiClient;
    let cordelia: ApiClient;
    let hamletId: number;
    let othelloId: number;

    const post = (client: ApiClient, stream: string, topic: string, content: string) =>
      client.post('/messages', { type: 'stream', to: stream, topic, content }).then((res) => {
        expect(res.status).toBe(200);
        return res.body.id as number;
      });
    const digestsTo = async (email: string): Promise<ReceivedMail[]> =>
      (await readMailFolder(folder)).filter((m) => m.to.includes(email) && m.text.includes(`castle ${tag}`));
    const settled = () => waitFor(async () => (await env().jobs.pending('message.digest-email')) === 0, 30_000);

    beforeAll(async () => {
      tag = env().name;
      const db = env().db.knex;
      iago = await new ApiClient(env().target).loginAs('iago@zulip.com');
      othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
      cordelia = await new ApiClient(env().target).loginAs('cordelia@zulip.com');
      hamletId = ((await db('users').where({ email: 'hamlet@zulip.com' }).first('id')) as { id: number }).id;
      othelloId = ((await db('users').where({ email: 'othello@zulip.com' }).first('id')) as { id: number }).id;
      // An established realm: its streams are older than the week.
      await db('streams').update({ date_created: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) });
      // Digests on, for another day while the week is written (the hourly schedule may run meanwhile).
      const realm = await iago.patch('/realm', { digest_emails_enabled: true, digest_weekday: (today() + 1) % 7 });
      expect(realm.status).toBe(200);

      // The week: a conversation of three people, a long one of one, one older than the week.
      await post(othello, 'Denmark', `castle ${tag}`, 'The **ghost** walks <tonight>');
      await post(iago, 'Denmark', `castle ${tag}`, 'Who has seen it?');
      await post(cordelia, 'Denmark', `castle ${tag}`, 'Not I');
      for (let i = 1; i <= 4; i += 1) await post(othello, 'Verona', `lunch ${tag}`, `course ${i}`);
      const old = await post(othello, 'Verona', `last month ${tag}`, 'long ago');
      await db('messages')
        .where({ id: old })
        .update({ date_sent: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000) });
      // A private stream Hamlet is not in, and one he leaves before the digest is sent.
      expect(
        (await iago.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: `secret ${tag}` }]), invite_only: true }))
          .status,
      ).toBe(200);
      await post(iago, `secret ${tag}`, `plans ${tag}`, 'hush');
      const left = `left ${tag}`;
      const subscribed = await iago.post('/users/me/subscriptions', {
        subscriptions: JSON.stringify([{ name: left }]),
        principals: JSON.stringify(['hamlet@zulip.com']),
      });
      expect(subscribed.status).toBe(200);
      await post(iago, left, `gossip ${tag}`, 'you left too soon');
      const hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
      expect((await hamlet.delete('/users/me/subscriptions', { subscriptions: JSON.stringify([left]) })).status).toBe(200);
      // A stream created this week, which he may join.
      expect((await iago.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: `fresh ${tag}` }]) })).status).toBe(200);
      // Othello was here today: no digest for him.
      expect((await othello.post('/users/me/presence', { status: 'active' })).status).toBe(200);
    });

    it("mails a week's digest to those who were away, from one template in HTML and text", async () => {
      expect((await iago.patch('/realm', { digest_weekday: today() })).status).toBe(200);
      await env().jobs.enqueue('message.digest-schedule', {});
      await waitFor(async () => (await digestsTo('hamlet@zulip.com')).length === 1, 30_000);
      await settled();
      const [mail] = await digestsTo('hamlet@zulip.com');
      expect(mail!.subject).toBe('Zulip Dev digest');
      const text = mail!.text;
      expect(text).toContain('Hot conversations');
      expect(text).toContain(`#Denmark > castle ${tag}`);
      expect(text).toContain('Cordelia Lear, Iago, Othello, the Moor of Venice: 3 messages');
      expect(text).toContain('> Othello, the Moor of Venice: The ghost walks <tonight>');
      expect(text).toContain('> Iago: Who has seen it?');
      expect(text).toContain('1 more message in this conversation');
      expect(text).toContain(`#Verona > lunch ${tag}`);
      expect(text).toMatch(new RegExp(`- fresh ${tag} \\(http[^)]+/#narrow/stream/\\d+-fresh-${tag}\\)`));
      for (const unseen of [`plans ${tag}`, `gossip ${tag}`, `last month ${tag}`, 'long ago']) expect(text).not.toContain(unseen);
      // The same blocks in HTML, escaped.
      expect(mail!.html).toContain('<b>Othello, the Moor of Venice</b>: The ghost walks &#60;tonight&#62;');
      expect(mail!.html).toMatch(/<h3><a href="http[^"]+\/#narrow\/stream\/\d+-Denmark\/topic\/castle\.20/);
      expect(mail!.html).not.toContain(`plans ${tag}`);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.headers['list-unsubscribe']).toMatch(/^<http[^>]+\/accounts\/unsubscribe\/digest\/\d+\.[A-Za-z0-9_-]{43}>$/);
      expect(text).toContain(mail!.headers['list-unsubscribe']!.slice(1, -1));
      expect(await digestsTo('othello@zulip.com')).toEqual([]);
      const sent = await env().db.knex('digest_emails_sent').whereIn('user_id', [hamletId, othelloId]).select('user_id');
      expect(sent.map((r: { user_id: number }) => r.user_id)).toEqual([hamletId]);
    });

    it('turns the digest off from its one-click link, and refuses a tampered one', async () => {
      const [mail] = await digestsTo('hamlet@zulip.com');
      const path = new URL(mail!.headers['list-unsubscribe']!.slice(1, -1)).pathname;
      const last = path.at(-1) === 'A' ? 'B' : 'A';
      const tampered = `${path.slice(0, -1)}${last}`;
      const refused = await request(env().target).post(tampered).type('form').send('List-Unsubscribe=One-Click');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ result: 'error', msg: 'This unsubscribe link is not valid.' });
      const page = await request(env().target).get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<form method="post">');
      const settings = async () =>
        ((await env().db.knex('users').where({ id: hamletId }).first('settings')) as { settings: Record<string, unknown> }).settings;
      expect((await settings()).enable_digest_emails).not.toBe(false);
      const done = await request(env().target).post(path).type('form').send('List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(done.text).toContain('You will not receive digest e-mails any more.');
      expect((await settings()).enable_digest_emails).toBe(false);
      // Asked again (another day), the job sends nothing: the setting is read when it runs.
      await env().jobs.enqueue('message.digest-email', {
        realmId: (await env().db.knex('users').where({ id: hamletId }).first('realm_id')).realm_id,
        userId: hamletId,
      });
      await settled();
      expect(await digestsTo('hamlet@zulip.com')).toHaveLength(1);
    });
  },
  overrides,
);
