import { emojiChar, lastEntry, matchEmoji, messageLink, quoteReply, replaceToken, tokenAt, BUILTIN_EMOJI } from '../src/lib/compose';
import { toMessage } from '../src/lib/state';
import { privateMessage, streamMessage } from './fixtures';

describe('quote and reply', () => {
  test("Zulip's quote form", () => {
    const message = toMessage(streamMessage(12, { stream_id: 42, display_recipient: 'general', subject: 'lunch plans' }));
    const link = messageLink(message, 10, 'general');
    expect(link).toBe('#narrow/stream/42-general/topic/lunch.20plans/near/12');
    expect(quoteReply(message, 'hello\nworld', `https://chat.example.com/${link}`)).toBe(
      '@_**Iago|5** [said](https://chat.example.com/#narrow/stream/42-general/topic/lunch.20plans/near/12):\n```quote\nhello\nworld\n```\n',
    );
    expect(quoteReply(message, 'has ```code```', 'l')).toContain('````quote\nhas ```code```\n````');
    expect(messageLink(toMessage(privateMessage(13, 5, [5, 7, 10])), 10)).toBe('#narrow/pm-with/5,7-group/near/13');
  });
});

describe('autocompletion tokens', () => {
  test('mentions and emoji before the caret', () => {
    expect(tokenAt('hi @ia', 6)).toEqual({ trigger: '@', query: 'ia', start: 3 });
    expect(tokenAt('@', 1)).toEqual({ trigger: '@', query: '', start: 0 });
    expect(tokenAt('hi :sm', 6)).toEqual({ trigger: ':', query: 'sm', start: 3 });
    expect(tokenAt('mail a@b', 8)).toBeUndefined();
    expect(tokenAt('time 10:30', 10)).toBeUndefined();
    expect(tokenAt('plain', 5)).toBeUndefined();
  });

  test('replacing the token', () => {
    const token = tokenAt('hi @ia there', 6)!;
    expect(replaceToken('hi @ia there', 6, token, '@**Iago**')).toEqual({ text: 'hi @**Iago**  there', caret: 13 });
  });

  test('emoji', () => {
    expect(matchEmoji(BUILTIN_EMOJI, 'thu').slice(0, 2)).toEqual(['thumbs_up', 'thumbs_down']);
    expect(emojiChar('1f44d')).toBe('👍');
    expect(emojiChar('1f1fa-1f1f8')).toBe('🇺🇸');
    expect(emojiChar('zz')).toBe('');
  });

  test('the last recipient being typed', () => {
    expect(lastEntry('a@x, b')).toEqual({ prefix: 'a@x, ', query: 'b' });
    expect(lastEntry('ia')).toEqual({ prefix: '', query: 'ia' });
  });
});
