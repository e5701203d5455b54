import { webhookUrl, zuliprcFileName, zuliprcText } from '../src/features/settings/personal/zuliprc';

describe('zuliprc and webhook URLs', () => {
  it('writes the [api] section Zulip tools read, without a trailing slash on the site', () => {
    expect(zuliprcText({ email: 'hamlet@zulip.com', apiKey: 'abc123', site: 'https://chat.example.com/' })).toBe(
      '[api]\nemail=hamlet@zulip.com\nkey=abc123\nsite=https://chat.example.com\n',
    );
  });

  it("names a person's file zuliprc and a bot's after its address", () => {
    expect(zuliprcFileName('hamlet@zulip.com', false)).toBe('zuliprc');
    expect(zuliprcFileName('castle-bot@zulip.com', true)).toBe('castle-bot-zuliprc');
    expect(zuliprcFileName('we ird/bot@zulip.com', true)).toBe('we_ird_bot-zuliprc');
  });

  it("builds an incoming webhook's URL with its key", () => {
    expect(webhookUrl('http://127.0.0.1:9991/', 'k+y', '/api/v1/external/github')).toBe(
      'http://127.0.0.1:9991/api/v1/external/github?api_key=k%2By',
    );
  });
});
