/** The session: starting the app for a logged-in browser, and going back to the login page. */
import { settingsEndpoints } from '@chat/contracts';
import { ApiCallError, api, client, endSessionCalls, errorText, setUnauthorizedHandler } from '../../api';
import { emptyState, stateFromRegister } from '../../lib/state';
import { app, patchUi, ui } from '../../store';
import { resetTyping } from '../compose/send';
import { openHash } from '../narrow/loader';
import { pollLoop, register } from './event-loop';
import { reportPresence } from './presence-report';
import { session, sleep } from './session-state';

function toLogin(): void {
  session.id += 1;
  endSessionCalls();
  session.queue = null;
  resetTyping();
  app.set(() => emptyState());
  patchUi({ auth: 'login', compose: null, selectedId: null, panel: null });
}
setUnauthorizedHandler(() => {
  if (ui.get().auth !== 'login') toLogin();
});

/** Starts the app for a logged-in browser: who we are, the initial state, the narrow of the hash, then events. */
export async function startSession(): Promise<void> {
  const mine = ++session.id;
  try {
    const me = await api(settingsEndpoints.getOwnUser, {});
    const self = { user_id: me.user_id, email: me.email };
    const answer = await register();
    if (mine !== session.id) return;
    app.set((previous) => stateFromRegister(answer, self, previous));
    patchUi({ auth: 'app', selfEmail: self.email, error: null });
    void openHash();
    void pollLoop(mine);
    void reportPresence(mine);
  } catch (error) {
    if (mine !== session.id) return;
    if (error instanceof ApiCallError && error.status === 401) toLogin();
    else {
      patchUi({ error: errorText(error) });
      await sleep(2000);
      if (mine === session.id) void startSession();
    }
  }
}

export async function logout(): Promise<void> {
  try {
    await client.request(settingsEndpoints.webLogout, {});
  } finally {
    toLogin();
  }
}
