/**
 * The running session: its number (each login, logout or restart makes a new one, and what an
 * older one started stops when it sees the change) and its event queue.
 */
export interface Queue {
  id: string;
  lastEventId: number;
}

export const session: { id: number; queue: Queue | null } = { id: 0, queue: null };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
