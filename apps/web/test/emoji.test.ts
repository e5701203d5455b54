import { BUILTIN_EMOJI } from '../src/features/compose/compose';
import { emojiImageUrl, matchEmojiChoices, realmEmojiFrom, unicodeEmojiUrl } from '../src/lib/emoji';
import { applyEvent, stateFromRegister } from '../src/lib/state';
import { register, SELF } from './fixtures';

const realm = realmEmojiFrom({
  '1': { id: '1', name: 'green_tick', source_url: '/user_avatars/2/emoji/images/1.png', deactivated: false, author_id: 5 },
  '2': { id: '2', name: 'thumbs_old', source_url: '/user_avatars/2/emoji/images/2.png', deactivated: true },
  bad: { name: 3 },
});

describe('emoji as images', () => {
  test("unicode emoji at Zulip's path, by emoji_code", () => {
    expect(unicodeEmojiUrl('1f44d')).toBe('/static/generated/emoji/images-google-64/1f44d.png');
    expect(unicodeEmojiUrl('1F1FA-1F1F8')).toBe('/static/generated/emoji/images-google-64/1f1fa-1f1f8.png');
    expect(unicodeEmojiUrl('../x')).toBeUndefined();
  });

  test('a reaction drawn by its type: unicode, the realm’s, Zulip’s extra', () => {
    const state = { realmEmoji: realm };
    expect(emojiImageUrl(state, 'unicode_emoji', '1f44d')).toBe('/static/generated/emoji/images-google-64/1f44d.png');
    expect(emojiImageUrl(state, 'realm_emoji', '1')).toBe('/user_avatars/2/emoji/images/1.png');
    expect(emojiImageUrl(state, 'realm_emoji', '9')).toBeUndefined();
    expect(emojiImageUrl(state, 'zulip_extra_emoji', 'zulip')).toBe('/static/generated/emoji/images/emoji/unicode/zulip.png');
  });

  test('the realm’s emoji from /register and its events', () => {
    expect(Object.keys(realm)).toEqual(['1', '2']);
    let state = stateFromRegister(
      { ...register(), realm_emoji: { '1': { id: '1', name: 'green_tick', source_url: '/e/1.png', deactivated: false } } },
      SELF,
    );
    expect(state.realmEmoji['1']?.name).toBe('green_tick');
    state = applyEvent(state, { type: 'realm_emoji', op: 'update', realm_emoji: {} });
    expect(state.realmEmoji).toEqual({});
  });

  test('suggestions: names starting with the query first, the realm’s active emoji among them', () => {
    expect(
      matchEmojiChoices(BUILTIN_EMOJI, realm, 'thu')
        .map((e) => e.name)
        .slice(0, 2),
    ).toEqual(['thumbs_up', 'thumbs_down']);
    expect(matchEmojiChoices(BUILTIN_EMOJI, realm, 'tick')).toEqual([{ name: 'green_tick', url: '/user_avatars/2/emoji/images/1.png' }]);
    expect(matchEmojiChoices(BUILTIN_EMOJI, realm, 'thumbs_old')).toEqual([]);
    expect(matchEmojiChoices(BUILTIN_EMOJI, {}, 'heart')[0]).toEqual({
      name: 'heart',
      url: '/static/generated/emoji/images-google-64/2764.png',
    });
  });
});
