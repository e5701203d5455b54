/** The states the state tests start from. */
import { mergeFetched, stateFromRegister } from '../src/lib/state';
import type { AppState } from '../src/lib/types';
import { register, SELF, streamMessage } from './fixtures';

export function initial(): AppState {
  return stateFromRegister(register(), SELF);
}

/** The state with the Denmark narrow open and messages 1..3 loaded, the newest found. */
export function withView(): AppState {
  const state = initial();
  const narrow = [{ operator: 'stream', operand: '1' }];
  return mergeFetched(
    { ...state, view: { narrow, ids: [], foundOldest: false, foundNewest: false } },
    narrow,
    [streamMessage(1), streamMessage(2), streamMessage(3)],
    {
      foundOldest: true,
      foundNewest: true,
    },
  );
}
