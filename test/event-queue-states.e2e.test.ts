/**
 * The spec's event-queue state table, row by row, in both topologies: registration (explicit
 * and implicit), fetching newer events, heartbeats, garbage collection after inactivity and
 * BAD_EVENT_QUEUE_ID afterwards, deletion, and another user's queue.
 */
import { ApiClient, waitFor } from '@chat/testing';
import { describeBothTopologies } from './topologies';

describeBothTopologies(
  'event queue states',
  (env) => {
    let hamlet: ApiClient;
    let othello: ApiClient;

    beforeAll(async () => {
      hamlet = await new ApiClient(env().target).loginAs('hamlet@zulip.com');
      othello = await new ApiClient(env().target).loginAs('othello@zulip.com');
    });

    it('none → registered by POST /register, last_event_id -1', async () => {
      const res = await othello.post('/register', { event_types: ['message'] });
      expect(res.body).toMatchObject({ result: 'success', msg: '', last_event_id: -1, queue_id: expect.any(String) });
    });

    it('none → registered by GET /events without queue_id (with the register arguments)', async () => {
      const res = await othello.get('/events', { dont_block: true, event_types: ['message'] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: 'success', events: [], queue_id: expect.any(String) });
      const missing = await othello.get('/events', {});
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe("Missing 'queue_id' argument");
    });

    it('registered → returns events newer than last_event_id, in order', async () => {
      const { queue_id: queueId } = (await othello.post('/register', { event_types: ['message'] })).body;
      const ids: number[] = [];
      for (const content of ['one', 'two', 'three']) {
        ids.push((await hamlet.post('/messages', { type: 'stream', to: 'Denmark', topic: 'states', content })).body.id);
      }
      let events: { id: number; message: { id: number } }[] = [];
      const allThree = async () => {
        events = (await othello.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).body.events;
        return events.length >= 3;
      };
      await waitFor(allThree, 5000, { stepMs: 20, what: 'three messages' });
      expect(events.map((e) => e.message.id)).toEqual(ids);
      const newer = await othello.get('/events', { queue_id: queueId, last_event_id: events[0]!.id, dont_block: true });
      expect(newer.body.events.map((e: { id: number }) => e.id)).toEqual(events.slice(1).map((e) => e.id));
    });

    it('a blocking fetch with nothing to give ends with a heartbeat', async () => {
      const { queue_id: queueId } = (await othello.post('/register', { event_types: ['message'] })).body;
      const res = await othello.get('/events', { queue_id: queueId, last_event_id: -1 });
      expect(res.body).toMatchObject({ result: 'success', queue_id: queueId, events: [{ type: 'heartbeat', id: 0 }] });
    });

    it('registered → garbage-collected after inactivity → BAD_EVENT_QUEUE_ID', async () => {
      const { queue_id: queueId } = (await othello.post('/register', { event_types: ['message'], queue_lifespan_secs: 1 })).body;
      // Another user's poll neither touches the queue nor may read it; once collected, it is told the queue is gone.
      const collected = async () =>
        (await hamlet.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).body.code === 'BAD_EVENT_QUEUE_ID';
      await waitFor(collected, 10_000, { stepMs: 100, what: 'the queue collected' });
      const res = await othello.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: `Bad event queue id: ${queueId}`, code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
    });

    it("refuses another user's queue, and deletes one with DELETE /events", async () => {
      const { queue_id: queueId } = (await othello.post('/register', { event_types: ['message'] })).body;
      const foreign = await hamlet.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect(foreign.body).toEqual({ result: 'error', msg: 'You are not authorized to get events from this queue' });
      expect((await othello.delete('/events', { queue_id: queueId })).body).toEqual({ result: 'success', msg: '' });
      const again = await othello.delete('/events', { queue_id: queueId });
      expect(again.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
    });
  },
  { eventQueueGcSecs: 1, heartbeatSecs: 1 },
);
