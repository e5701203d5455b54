import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobDispatcher } from '@chat/dispatch';
import { DatabaseJobs } from '@chat/jobs';
import { mailerFromConfig, type Mailer } from '@chat/mail';
import { readMailFolder, startSmtpServer, testConfig, testLogger, waitFor, type TestSmtpServer } from '@chat/testing';
import { registerMessageJobs } from '../src/consumers/background-jobs';
import { sendOk, startHarness, type Harness } from './helpers';

/** This harness runs no event tier: nobody has an event queue, so everyone is away. */
const nobodyPresent = async () => new Set<number>();

/**
 * The setting's unit is a second. The batching and read-before-the-delay tests need their sends
 * and reads to land within it, which a loaded machine (a parallel test run) stretched past one
 * second; four leave room and are still short to wait for.
 */
const DELAY_SECS = 4;

async function startWith(mailer: Mailer): Promise<{ h: Harness; stop(): Promise<void> }> {
  const h = await startHarness({ missedMessageEmailDelaySecs: DELAY_SECS });
  const jobs = new DatabaseJobs({ knex: h.db.knex, logger: testLogger(), pollMs: 20 });
  const dispatcher = new JobDispatcher({ db: h.db, jobs, logger: testLogger(), pollMs: 20 });
  await registerMessageJobs(h.deps, jobs, mailer, nobodyPresent);
  await dispatcher.start();
  return {
    h,
    async stop() {
      await dispatcher.stop();
      await jobs.close({ graceMs: 0 });
      await mailer.close();
      await h.close();
    },
  };
}

const pendingFor = async (h: Harness, email: string) => h.db.knex('missed_message_emails').where({ user_id: await h.userId(email) });

describe('missed-message e-mails over SMTP', () => {
  let smtp: TestSmtpServer;
  let env: Awaited<ReturnType<typeof startWith>>;
  let h: Harness;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const mailer = mailerFromConfig(testConfig({ emailBackend: 'smtp', emailHost: '127.0.0.1', emailPort: smtp.port, emailUseTls: false }));
    env = await startWith(mailer);
    h = env.h;
  });
  afterAll(async () => {
    await env.stop();
    await smtp.close();
  });

  const mailsTo = (address: string) => smtp.mails.filter((m) => m.envelopeTo.includes(address));

  it('mails unread private messages and mentions once the delay passed, batched in one mail', async () => {
    await sendOk(h, 'hamlet@zulip.com', {
      type: 'private',
      to: JSON.stringify(['othello@zulip.com']),
      content: 'Where is the handkerchief?',
    });
    await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify(['othello@zulip.com']), content: 'Answer me.' });
    await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'plots', content: '@**Othello, the Moor of Venice** a word' });
    // Not mailed: nobody is mentioned, and the sender's own copy is read.
    await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'plots', content: 'just chatting' });
    expect(mailsTo('othello@zulip.com')).toEqual([]);
    await waitFor(async () => mailsTo('othello@zulip.com').length === 1 && (await pendingFor(h, 'othello@zulip.com')).length === 0, 20_000);
    const [mail] = mailsTo('othello@zulip.com');
    expect(mail!.subject).toBe('3 unread messages in Zulip Dev');
    expect(mail!.text).toContain('King Hamlet: Where is the handkerchief?');
    expect(mail!.text).toContain('King Hamlet: Answer me.');
    expect(mail!.text).toContain('Iago: @**Othello, the Moor of Venice** a word');
    expect(mail!.text).toContain('#Verona > plots');
    expect(mail!.text).toMatch(/#narrow\/stream\/\d+-Verona\/topic\/plots/);
    expect(mail!.text).toContain(`#narrow/pm-with/${await h.userId('hamlet@zulip.com')}-pm`);
    expect(mail!.text).not.toContain('just chatting');
    expect(mailsTo('hamlet@zulip.com')).toEqual([]);
  });

  it('sends nothing for a message read before the delay', async () => {
    const id = await sendOk(h, 'hamlet@zulip.com', {
      type: 'private',
      to: JSON.stringify(['cordelia@zulip.com']),
      content: 'Nothing will come of nothing.',
    });
    // The batch is joined once the message committed and its recipient was found away.
    await waitFor(async () => (await pendingFor(h, 'cordelia@zulip.com')).length === 1, 10_000);
    const read = await h.post('cordelia@zulip.com', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
    expect(read.status).toBe(200);
    // The job ran (it forgets the batch) and sent nothing.
    await waitFor(async () => (await pendingFor(h, 'cordelia@zulip.com')).length === 0, 20_000);
    expect(mailsTo('cordelia@zulip.com')).toEqual([]);
  });

  it("mails a stream message to those who asked for its stream's e-mails or follow its topic, and no one else", async () => {
    const verona: { id: number } = await h.db.knex('streams').whereRaw('lower(name) = ?', ['verona']).first('id');
    const iago = await h.userId('iago@zulip.com');
    const othello = await h.userId('othello@zulip.com');
    const others: { user_id: number; email: string }[] = await h.db
      .knex('subscriptions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where({ 's.stream_id': verona.id, 's.active': true, 'u.is_bot': false, 'u.is_active': true })
      .whereNotIn('s.user_id', [iago, othello])
      .orderBy('u.id')
      .select('s.user_id', 'u.delivery_email as email');
    const [byStream, byTopic, neither] = others;
    expect(neither).toBeDefined();
    await h.db.knex('subscriptions').where({ stream_id: verona.id, user_id: byStream!.user_id }).update({ email_notifications: true });
    // Zulip's "followed" visibility policy (3): enable_followed_topic_email_notifications is on by default.
    await h.db
      .knex('muted_topics')
      .insert({ user_id: byTopic!.user_id, stream_id: verona.id, topic_name: 'Succession', visibility_policy: 3 });
    await sendOk(h, 'iago@zulip.com', { type: 'stream', to: 'Verona', topic: 'succession', content: 'The crown passes tonight.' });
    await waitFor(() => mailsTo(byStream!.email).length === 1 && mailsTo(byTopic!.email).length === 1, 20_000);
    for (const who of [byStream!, byTopic!]) {
      expect(mailsTo(who.email)[0]!.text).toContain('Iago: The crown passes tonight.');
    }
    expect(mailsTo(neither!.email)).toEqual([]);
    expect(await pendingFor(h, neither!.email)).toEqual([]);
  });

  it('queues nothing for a user who turned offline e-mail notifications off', async () => {
    const prospero = await h.userId('prospero@zulip.com');
    await h.db
      .knex('users')
      .where({ id: prospero })
      .update({ settings: JSON.stringify({ enable_offline_email_notifications: false }) });
    await sendOk(h, 'hamlet@zulip.com', {
      type: 'private',
      to: JSON.stringify(['prospero@zulip.com']),
      content: 'Our revels now are ended.',
    });
    expect(await pendingFor(h, 'prospero@zulip.com')).toEqual([]);
  });
});

describe('missed-message e-mails through the folder backend', () => {
  it('writes the mail as an .eml file, content left out when the user asks', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'missed-mail-'));
    const env = await startWith(mailerFromConfig(testConfig({ emailBackend: 'folder', emailFolder: folder })));
    try {
      const { h } = env;
      await h.db
        .knex('users')
        .where({ id: await h.userId('iago@zulip.com') })
        .update({ settings: JSON.stringify({ message_content_in_email_notifications: false }) });
      await sendOk(h, 'hamlet@zulip.com', { type: 'private', to: JSON.stringify(['iago@zulip.com']), content: 'a secret' });
      await waitFor(async () => (await readMailFolder(folder)).length === 1, 20_000);
      const [mail] = await readMailFolder(folder);
      expect(mail).toMatchObject({ to: 'iago@zulip.com', subject: 'New private message from King Hamlet' });
      expect(mail!.text).not.toContain('a secret');
    } finally {
      await env.stop();
    }
  });
});
