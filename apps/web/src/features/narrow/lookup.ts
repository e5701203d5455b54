/** Names and ids of streams and users from the current state, for narrows' hashes and searches. */
import { app } from '../../store';
import type { NameLookup, Resolver } from './narrow';

export const names: NameLookup = {
  streamName: (id) => app.get().streams[id]?.name,
  userName: (id) => app.get().users[id]?.full_name,
  userEmail: (id) => app.get().users[id]?.email,
};

export const resolver: Resolver = {
  streamIdByName(name) {
    const lower = name.toLowerCase();
    return Object.values(app.get().streams).find((s) => s.name.toLowerCase() === lower)?.stream_id;
  },
  userIdByEmail(email) {
    const lower = email.toLowerCase();
    return Object.values(app.get().users).find((u) => u.email.toLowerCase() === lower)?.user_id;
  },
};
