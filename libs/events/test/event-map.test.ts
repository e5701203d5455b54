import Ajv from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import {
  EVENT_DEFINITIONS,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  REALM_WIDE_EVENT_TYPES,
  NOTICE_VERSION,
  userEventNotice,
  userEventNoticeIfAnyRecipient,
  type ClientEvent,
  type EventOf,
} from '../src';

const definitions = Object.entries(EVENT_DEFINITIONS);

/** The `type` consts a schema admits: one per branch of a union. */
function typeConsts(schema: TSchema): unknown[] {
  const branches: TSchema[] = schema.anyOf ?? [schema];
  return branches.map((branch) => branch.properties?.type?.const);
}

describe('the event map', () => {
  it('derives REALM_WIDE_EVENT_TYPES from the definitions marked realm-wide', () => {
    const marked = definitions.filter(([, definition]) => definition.realmWide).map(([type]) => type);
    expect([...REALM_WIDE_EVENT_TYPES].sort()).toEqual(marked.sort());
    // The realm-wide part of /register: what the event-queue service caches per realm state version.
    expect([...REALM_WIDE_EVENT_TYPES].sort()).toEqual([
      'custom_profile_fields',
      'default_stream_groups',
      'default_streams',
      'realm',
      'realm_bot',
      'realm_domains',
      'realm_emoji',
      'realm_filters',
      'realm_user',
      'stream',
      'user_group',
    ]);
  });

  it('derives EVENT_TYPES from the definitions listed in it: every type with a schema but attachment', () => {
    const listed = definitions.filter(([, definition]) => definition.listedInEventTypes).map(([type]) => type);
    expect(EVENT_TYPES).toEqual(listed);
    const listedTypes = new Set<string>(EVENT_TYPES);
    expect(Object.keys(EVENT_SCHEMAS).filter((type) => !listedTypes.has(type))).toEqual(['attachment']);
    expect(EVENT_TYPES.slice(0, 1)).toEqual(['message']);
    expect(EVENT_TYPES).toContain('heartbeat');
  });

  it('names each schema by the type its events carry', () => {
    for (const [type, definition] of definitions) {
      expect({ type, consts: typeConsts(definition.schema) }).toEqual({ type, consts: typeConsts(definition.schema).map(() => type) });
    }
  });

  it('gives ajv plain schemas, even in its strict mode', () => {
    const strict = new Ajv();
    const typing = strict.compile(EVENT_SCHEMAS.typing);
    const sender = { user_id: 1, email: 'hamlet@zulip.com' };
    expect(typing({ type: 'typing', op: 'start', message_type: 'direct', sender, recipients: [sender], id: 2 })).toBe(true);
    expect(typing({ type: 'typing', op: 'pause', message_type: 'direct', sender, recipients: [sender] })).toBe(false);
  });
});

describe('userEventNotice', () => {
  const pointer: EventOf<'pointer'> = { type: 'pointer', pointer: 5 };

  it('addresses the event to exactly the given users, even none', () => {
    expect(userEventNotice(3, pointer, [9, 2, 9])).toEqual({
      v: NOTICE_VERSION,
      kind: 'event',
      realmId: 3,
      event: pointer,
      userIds: [9, 2, 9],
    });
    expect(userEventNotice(3, pointer, []).userIds).toEqual([]);
  });

  it('IfAnyRecipient gives no notice for nobody, else each user once in id order', () => {
    expect(userEventNoticeIfAnyRecipient(3, pointer, [])).toEqual([]);
    expect(userEventNoticeIfAnyRecipient(3, pointer, [9, 2, 9])).toEqual([
      { v: NOTICE_VERSION, kind: 'event', realmId: 3, event: pointer, userIds: [2, 9] },
    ]);
  });

  it('accepts only events of the map (checked by tsc, which compiles this file)', () => {
    const sender = { user_id: 1, email: 'hamlet@zulip.com' };
    // @ts-expect-error typing's op is start or stop
    const unknownOp: ClientEvent = { type: 'typing', op: 'pause', sender, recipients: [sender] };
    // @ts-expect-error no event type `test`
    const unknownType: ClientEvent = { type: 'test' };
    // @ts-expect-error the queue gives the id
    const withId: EventOf<'pointer'> = { type: 'pointer', pointer: 1, id: 4 };
    expect([unknownOp, unknownType, withId]).toHaveLength(3);
  });
});
