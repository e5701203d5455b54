import request from 'supertest';

/** An app or server supertest can call, or a base URL. */
type Target = Parameters<typeof request>[0];

/** The long-polls parked in an event tier right now: the chat_event_parked_polls gauge of its /metrics. */
export async function parkedPolls(target: Target): Promise<number> {
  const res = await request(target).get('/metrics');
  const line = res.text.split('\n').find((l) => l.startsWith('chat_event_parked_polls'));
  return Number(line?.split(' ').pop() ?? 0);
}
