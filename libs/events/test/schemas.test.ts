import Ajv from 'ajv';
import { EVENT_SCHEMAS, EVENT_TYPES } from '../src';

describe('event schemas', () => {
  const ajv = new Ajv({ strict: false });

  it('compiles every schema', () => {
    for (const type of Object.keys(EVENT_SCHEMAS)) {
      expect({
        type,
        compiles: (() => {
          ajv.compile(EVENT_SCHEMAS[type]!);
          return true;
        })(),
      }).toEqual({ type, compiles: true });
    }
  });

  it('has a schema for every event type a queue can ask for', () => {
    expect(EVENT_TYPES.filter((type) => !EVENT_SCHEMAS[type])).toEqual([]);
  });

  it('accepts the events the event-queue service makes and refuses malformed ones', () => {
    const heartbeat = ajv.compile(EVENT_SCHEMAS.heartbeat!);
    const restart = ajv.compile(EVENT_SCHEMAS.restart!);
    expect(heartbeat({ type: 'heartbeat', id: 3 })).toBe(true);
    expect(heartbeat({ type: 'heartbeat' })).toBe(false);
    expect(restart({ type: 'restart', id: 4, server_generation: 1795300000, immediate: true })).toBe(true);
    expect(restart({ type: 'restart', id: 4 })).toBe(false);
  });
});
