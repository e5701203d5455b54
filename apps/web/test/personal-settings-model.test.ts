import {
  boolSetting,
  botTypeLabel,
  effectiveStreamNotification,
  mutedTopicRows,
  newBotParams,
  newBotProblem,
  NOTIFICATION_TOGGLES,
  parseAlertWords,
  passwordFormProblem,
  stringListSetting,
} from '../src/features/settings/personal/settings-model';

describe('personal settings model', () => {
  it('reads the settings the client holds, whatever their shape', () => {
    const settings = { enable_sounds: true, night_mode: 'yes', sounds: ['ding', 3, 'zulip'] };
    expect(boolSetting(settings, 'enable_sounds')).toBe(true);
    expect(boolSetting(settings, 'night_mode')).toBe(false);
    expect(boolSetting(settings, 'missing')).toBe(false);
    expect(stringListSetting(settings, 'sounds')).toEqual(['ding', 'zulip']);
    expect(stringListSetting(settings, 'enable_sounds')).toEqual([]);
  });

  it('lists each notification setting once', () => {
    const names = NOTIFICATION_TOGGLES.flatMap((g) => g.toggles.map((t) => t.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['enable_desktop_notifications', 'enable_digest_emails', 'wildcard_mentions_notify']));
  });

  it("takes a stream's own notification choice, else the global stream setting", () => {
    const settings = { enable_stream_push_notifications: true };
    expect(effectiveStreamNotification(null, settings, 'enable_stream_push_notifications')).toBe(true);
    expect(effectiveStreamNotification(false, settings, 'enable_stream_push_notifications')).toBe(false);
    expect(effectiveStreamNotification(null, settings, 'enable_stream_email_notifications')).toBe(false);
  });

  it('checks the password form before asking the server', () => {
    expect(passwordFormProblem('', 'new', 'new')).toBe('Enter your current password.');
    expect(passwordFormProblem('old', '', '')).toBe('Enter a new password.');
    expect(passwordFormProblem('old', 'new', 'nwe')).toBe('The new passwords do not match.');
    expect(passwordFormProblem('same', 'same', 'same')).toBe('The new password is the same as the current one.');
    expect(passwordFormProblem('old', 'new', 'new')).toBeNull();
  });

  it('reads alert words from a comma-separated list', () => {
    expect(parseAlertWords(' Castle, ghost,,castle ,  ')).toEqual(['castle', 'ghost']);
    expect(parseAlertWords(' , ')).toEqual([]);
  });

  it("checks a new bot's form and sends an outgoing webhook's endpoint only for that type", () => {
    const form = { fullName: ' Castle ', shortName: 'castle', botType: 2, payloadUrl: 'https://x', interfaceType: 2 };
    expect(newBotProblem(form)).toBeNull();
    expect(newBotParams(form)).toEqual({ full_name: 'Castle', short_name: 'castle', bot_type: 2 });
    expect(newBotProblem({ ...form, fullName: ' ' })).toBe('Enter a name for the bot.');
    expect(newBotProblem({ ...form, shortName: 'a b' })).toMatch(/e-mail start/);
    expect(newBotProblem({ ...form, botType: 3, payloadUrl: 'ftp://x' })).toMatch(/URL/);
    expect(newBotParams({ ...form, botType: 3 })).toEqual({
      full_name: 'Castle',
      short_name: 'castle',
      bot_type: 3,
      payload_url: 'https://x',
      interface_type: 2,
    });
    expect(botTypeLabel(3)).toBe('Outgoing webhook');
    expect(botTypeLabel(null)).toBe('Bot');
  });

  it('lists the muted topics only, by stream name then topic', () => {
    const names: Record<number, string> = { 1: 'Verona', 2: 'Denmark' };
    const rows = mutedTopicRows(
      [
        { stream_id: 1, topic_name: 'b', visibility_policy: 1 },
        { stream_id: 2, topic_name: 'z', visibility_policy: 1 },
        { stream_id: 1, topic_name: 'a', visibility_policy: 1 },
        { stream_id: 1, topic_name: 'followed', visibility_policy: 3 },
        { stream_id: 9, topic_name: 'gone', visibility_policy: 1 },
      ],
      (id) => names[id],
    );
    expect(rows.map((r) => `${r.streamName}/${r.topic}`)).toEqual(['#9/gone', 'Denmark/z', 'Verona/a', 'Verona/b']);
  });
});
