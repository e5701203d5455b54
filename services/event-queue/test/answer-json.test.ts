import type { QueuedEvent } from '@chat/queue-store';
import { answerJson } from '../src/lib/answer-json';

describe('answerJson', () => {
  const body = { id: 7, content: 'costs $& and $1, a "quote", a \u0000 and \u2028', subject: 'fan-out' };
  const events: QueuedEvent[] = [
    { id: 0, type: 'message', message: body, flags: ['read'] },
    { type: 'heartbeat', id: 1 },
    { type: 'message', message: body, flags: [], id: 2 },
    { type: 'message', message: null, id: 3 } as unknown as QueuedEvent,
  ];

  it("writes sendSuccess's bytes: envelope first, same key order, a newline at the end", () => {
    for (const extra of [{ queue_id: '1:2' }, { handler_id: 4 }]) {
      const data = { events, ...extra };
      expect(answerJson(data)).toBe(`${JSON.stringify({ result: 'success', msg: '', ...data })}\n`);
    }
    expect(answerJson({ events: [], queue_id: 'x' })).toBe('{"result":"success","msg":"","events":[],"queue_id":"x"}\n');
  });

  it('serializes a body shared by many events and answers once', () => {
    let serialized = 0;
    const shared = { toJSON: () => ((serialized += 1), { id: 9, content: 'hello' }) };
    const fanOut = Array.from({ length: 50 }, (_, id) => ({ id, type: 'message', message: shared, flags: [] }) as QueuedEvent);
    const answers = fanOut.map((event) => answerJson({ events: [event], queue_id: 'q' }));
    expect(serialized).toBe(1);
    expect(JSON.parse(answers[49]!)).toEqual({
      result: 'success',
      msg: '',
      events: [{ id: 49, type: 'message', message: { id: 9, content: 'hello' }, flags: [] }],
      queue_id: 'q',
    });
  });
});
