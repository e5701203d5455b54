import { applyPresenceAnswer, applyPresenceEvent, presenceStatus } from '../src/lib/presence';
import { applyEvent, stateFromRegister } from '../src/lib/state';
import type { AppState } from '../src/lib/types';
import { register, SELF } from './fixtures';

/** The browser's clock runs 500 s behind the server's in these tests. */
const SKEW_S = 500;
const local = (serverSeconds: number) => (serverSeconds - SKEW_S) * 1000;

function loaded(
  serverNow: number,
  presences: Record<string, unknown> = { '5': { active_timestamp: serverNow - 10, idle_timestamp: serverNow - 10 } },
): AppState {
  return stateFromRegister(
    {
      ...register(),
      presences,
      server_timestamp: serverNow,
      server_presence_offline_threshold_seconds: 140,
      server_presence_ping_interval_seconds: 60,
    },
    SELF,
    undefined,
    local(serverNow),
  );
}

describe('presence', () => {
  test('ages are measured on the server’s clock, with its offline threshold', () => {
    const state = loaded(10_000);
    expect(state.serverOffset).toBe(SKEW_S);
    expect(state.presenceSettings).toEqual({ pingIntervalSeconds: 60, offlineThresholdSeconds: 140 });
    expect(presenceStatus(state, 5, local(10_000))).toBe('active');
    expect(presenceStatus(state, 5, local(10_000 + 129))).toBe('active');
    expect(presenceStatus(state, 5, local(10_000 + 131))).toBe('offline');
    expect(presenceStatus(state, 7, local(10_000))).toBe('offline');
    expect(presenceStatus(state, SELF.user_id, local(99_999))).toBe('active');
  });

  test('idle while only an idle report is recent', () => {
    const state = loaded(10_000, { '5': { active_timestamp: 9_000, idle_timestamp: 9_990 } });
    expect(presenceStatus(state, 5, local(10_000))).toBe('idle');
    expect(presenceStatus(state, 5, local(10_200))).toBe('offline');
  });

  test('the answer to a periodic report keeps an active user active past the first threshold', () => {
    let state = loaded(10_000);
    // Three minutes on, the user kept reporting: no event came (they never went offline), the answer says so.
    state = applyPresenceAnswer(
      state,
      { presences: { '5': { active_timestamp: 10_170, idle_timestamp: 10_170 } }, server_timestamp: 10_180 },
      local(10_180),
    );
    expect(presenceStatus(state, 5, local(10_180))).toBe('active');
    // Someone the answer no longer lists (gone for two weeks) is offline.
    state = applyPresenceAnswer(state, { presences: {}, server_timestamp: 10_190 }, local(10_190));
    expect(presenceStatus(state, 5, local(10_190))).toBe('offline');
  });

  test('a new offset from each answer: the browser’s clock may jump (a suspended laptop)', () => {
    const state = applyPresenceAnswer(
      loaded(10_000),
      { presences: { '5': { active_timestamp: 10_300, idle_timestamp: 10_300 } }, server_timestamp: 10_310 },
      0,
    );
    expect(state.serverOffset).toBe(10_310);
    expect(presenceStatus(state, 5, 5_000)).toBe('active');
    // A ping-only answer carries no presences and changes nothing.
    expect(applyPresenceAnswer(state, {}, 123)).toBe(state);
  });

  test('a presence event: someone comes online, or goes idle', () => {
    let state = loaded(10_000, {});
    state = applyEvent(state, {
      type: 'presence',
      id: 0,
      user_id: 7,
      email: 'othello@zulip.com',
      server_timestamp: 10_050,
      presence: { website: { client: 'website', status: 'active', timestamp: 10_050, pushable: false } },
    });
    expect(presenceStatus(state, 7, local(10_060))).toBe('active');
    state = applyPresenceEvent(state, {
      type: 'presence',
      user_id: 7,
      email: 'othello@zulip.com',
      server_timestamp: 10_300,
      presence: { website: { client: 'website', status: 'idle', timestamp: 10_300, pushable: false } },
    });
    expect(state.presence[7]).toEqual({ active_timestamp: 10_050, idle_timestamp: 10_300 });
    expect(presenceStatus(state, 7, local(10_310))).toBe('idle');
  });
});
