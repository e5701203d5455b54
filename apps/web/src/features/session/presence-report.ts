/**
 * Presence, as Zulip's web app does it: every ping interval (the server's, from /register) report
 * whether this tab is in use, and take the realm's presences from the answer. Between two reports
 * only someone coming online makes an event, so without the answer others would age into
 * "offline" while they are still here.
 */
import { settingsEndpoints } from '@chat/contracts';
import { api } from '../../api';
import { applyPresenceAnswer } from '../../lib/presence';
import { app } from '../../store';
import { session, sleep } from './session-state';

export async function reportPresence(mine: number): Promise<void> {
  while (mine === session.id) {
    const status = document.visibilityState === 'visible' ? 'active' : 'idle';
    try {
      const answer = await api(settingsEndpoints.updatePresence, {
        status,
        new_user_input: status === 'active',
        ping_only: false,
        slim_presence: true,
      });
      if (mine !== session.id) return;
      app.set((state) => applyPresenceAnswer(state, answer, Date.now()));
    } catch {
      /* The next report tries again; a lost session is handled by api(). */
    }
    await sleep(app.get().presenceSettings.pingIntervalSeconds * 1000);
  }
}
