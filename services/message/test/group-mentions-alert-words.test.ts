/** @*group* mentions flag the group's members; alert words set has_alert_word (bit 512). */
import type { MessageNotice } from '@chat/events';
import { startHarness, sendOk, type Harness } from './helpers';

describe('group mentions and alert words on send', () => {
  let h: Harness;
  let groupId: number;
  beforeAll(async () => {
    h = await startHarness();
    groupId = (await h.db.knex('user_groups').where({ realm_id: h.realmId, name: 'hamletcharacters' }).first('id')).id as number;
  });
  afterAll(() => h.close());

  const flagsOf = (notice: MessageNotice, userId: number) => notice.users.find((u) => u.id === userId)?.flags ?? [];
  const bits = async (messageId: number, userId: number) =>
    Number((await h.db.knex('user_messages').where({ message_id: messageId, user_id: userId }).first('flags')).flags);

  it('renders @*hamletcharacters* and gives its members the mentioned flag', async () => {
    const [hamlet, cordelia, othello] = [
      await h.userId('hamlet@zulip.com'),
      await h.userId('cordelia@zulip.com'),
      await h.userId('othello@zulip.com'),
    ];
    let id = 0;
    const notices = await h.noticesOf(async () => {
      id = await sendOk(h, 'iago@zulip.com', {
        type: 'stream',
        to: 'Verona',
        topic: 'groups',
        content: 'Hello @*HamletCharacters* and @*nobody*',
      });
    });
    const notice = notices.find((n): n is MessageNotice => n.kind === 'message')!;
    expect(notice.message.rendered_content).toBe(
      `<p>Hello <span class="user-group-mention" data-user-group-id="${groupId}">@hamletcharacters</span> and @<em>nobody</em></p>`,
    );
    expect(flagsOf(notice, hamlet)).toContain('mentioned');
    expect(flagsOf(notice, cordelia)).toContain('mentioned');
    expect(flagsOf(notice, othello)).not.toContain('mentioned');
    expect((await bits(id, hamlet)) & 8).toBe(8);
  });

  it('sets has_alert_word for recipients whose alert word appears (case-insensitive, at word boundaries)', async () => {
    const [hamlet, othello, cordelia] = [
      await h.userId('hamlet@zulip.com'),
      await h.userId('othello@zulip.com'),
      await h.userId('cordelia@zulip.com'),
    ];
    await h.db.knex('alert_words').insert([
      { user_id: hamlet, word: 'Denmark' },
      { user_id: othello, word: 'moor' },
      { user_id: cordelia, word: 'lear' },
    ]);
    let id = 0;
    const notices = await h.noticesOf(async () => {
      id = await sendOk(h, 'iago@zulip.com', {
        type: 'stream',
        to: 'Verona',
        topic: 'alerts',
        content: 'Something rotten in DENMARK, said the moor. Nuclear!',
      });
    });
    const notice = notices.find((n): n is MessageNotice => n.kind === 'message')!;
    expect(flagsOf(notice, hamlet)).toContain('has_alert_word');
    expect(flagsOf(notice, othello)).toContain('has_alert_word');
    // "lear" inside "Nuclear" is not a word of its own.
    expect(flagsOf(notice, cordelia)).not.toContain('has_alert_word');
    expect((await bits(id, hamlet)) & 512).toBe(512);
    expect((await bits(id, cordelia)) & 512).toBe(0);
  });
});
