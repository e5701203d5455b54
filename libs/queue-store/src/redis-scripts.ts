import type { ChainableCommander, Redis } from 'ioredis';

/**
 * The Lua scripts behind every multi-step change of one queue, so that two replicas (a consumer
 * appending, a long-poll fetching) never interleave inside one. Registered with defineCommand,
 * ioredis sends EVAL once per connection and EVALSHA after that, pipelines included.
 *
 * Event ids are spliced into the JSON as text (`{"id":<n>,` + the event without its `{`) rather
 * than through cjson, which would turn empty arrays into objects; fetch reads them back with a
 * pattern match for the same reason. Numbers stay far below Lua's 14 significant digits when
 * printed: ids and milliseconds since the epoch (13 digits until the year 2286).
 */

/** KEYS: queue, user set, public set, expiry. ARGV: queue id, '1' if public, expiry score, fields... */
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('SADD', KEYS[2], ARGV[1])
if ARGV[2] == '1' then redis.call('SADD', KEYS[3], ARGV[1]) end
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[1])
return 1
`;

/** Client activity (register, poll) at `now` postpones the queue's collection. */
const ACTIVITY = `
local function touch(queue, expiry, now, queue_id)
  redis.call('HSET', queue, 'lastActivity', now)
  local timeout = tonumber(redis.call('HGET', queue, 'timeoutSecs'))
  redis.call('ZADD', expiry, string.format('%d', tonumber(now) + timeout * 1000), queue_id)
end
`;

/** KEYS: queue, expiry. ARGV: now, queue id. */
const TOUCH = `${ACTIVITY}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
touch(KEYS[1], KEYS[2], ARGV[1], ARGV[2])
return 1
`;

/** Whether snapshot (xmin, xmax, comma-separated xip) saw transaction tx: queue-store.ts visibleIn. */
const VISIBLE = `
local function visible(tx, xmin, xmax, xip)
  if tx < xmin then return true end
  if tx >= xmax then return false end
  for running in string.gmatch(xip, '[^,]+') do
    if tonumber(running) == tx then return false end
  end
  return true
end
`;

/**
 * Message bodies are stored once per rendering variant (`P body:<uuid>`, JSON) and queue events
 * refer to them with a leading `"$body":"<key>"` field; the hash `P body-refs` counts the
 * references. Releasing the last one deletes the body. Body keys are computed, not declared in
 * KEYS: the store targets a single Redis (or Sentinel), not Cluster.
 */
const BODIES = `
local function body_of(event)
  return string.match(event, '^{"id":%d+,"%$body":"([^"]+)"')
end
local function release(event, refs)
  local body = body_of(event)
  if body and redis.call('HINCRBY', refs, body, -1) <= 0 then
    redis.call('HDEL', refs, body)
    redis.call('DEL', body)
  end
end
local function release_all(events_key, refs)
  for _, event in ipairs(redis.call('LRANGE', events_key, 0, -1)) do release(event, refs) end
end
`;

/**
 * KEYS: queue, events, pending transactions, expiry, body references. ARGV: wake channel, bus
 * position or '', transaction id or '', max events (0: none), key prefix, queue id, then each event's
 * JSON without "id" (a message event as its body reference, the body SET just before). Returns the ids given, or nil when the queue is gone, already applied this bus
 * position, is fenced by a snapshot that saw the transaction, or went over its cap (then the
 * queue is collected, so its client gets BAD_EVENT_QUEUE_ID and registers again).
 * Publishes nothing for the events it adds: the caller wakes every queue of its call with one
 * PUBLISH after the scripts (a 10,000-queue fan-out used to publish 10,000 times).
 * While the queue registers, each event's transaction goes to the pending list ('-' for none).
 * Never touches the expiry score: only the client's own activity keeps a queue alive.
 */
const APPEND = `${VISIBLE}${BODIES}
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local pos = ARGV[2]
if pos ~= '' then
  local applied = redis.call('HGET', KEYS[1], 'busPos')
  if applied and tonumber(pos) <= tonumber(applied) then return false end
  redis.call('HSET', KEYS[1], 'busPos', pos)
end
local tx = ARGV[3]
local fence = redis.call('HMGET', KEYS[1], 'fenceXmin', 'fenceXmax', 'fenceXip', 'registering')
if tx ~= '' and fence[1] and visible(tonumber(tx), tonumber(fence[1]), tonumber(fence[2]), fence[3]) then
  return false
end
local max = tonumber(ARGV[4])
if max > 0 and redis.call('LLEN', KEYS[2]) + #ARGV - 6 > max then
  local owner = redis.call('HMGET', KEYS[1], 'userId', 'realmId')
  release_all(KEYS[2], KEYS[5])
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
  redis.call('ZREM', KEYS[4], ARGV[6])
  redis.call('SREM', ARGV[5] .. 'user:' .. owner[1], ARGV[6])
  redis.call('SREM', ARGV[5] .. 'realm:' .. owner[2] .. ':public', ARGV[6])
  redis.call('PUBLISH', ARGV[1], ARGV[6])
  return false
end
local registering = fence[4] == '1'
local ids = {}
for i = 7, #ARGV do
  local id = redis.call('HINCRBY', KEYS[1], 'nextId', 1) - 1
  local rest = string.sub(ARGV[i], 2)
  if rest ~= '}' then rest = ',' .. rest end
  redis.call('RPUSH', KEYS[2], '{"id":' .. id .. rest)
  local body = string.match(ARGV[i], '^{"%$body":"([^"]+)"')
  if body then
    redis.call('HINCRBY', KEYS[5], body, 1)
    redis.call('PERSIST', body)
  end
  if registering then redis.call('RPUSH', KEYS[3], tx == '' and '-' or tx) end
  ids[#ids + 1] = id
end
return ids
`;

/**
 * KEYS: queue, events, pending transactions, body references. ARGV: xmin, xmax, xip. Stores the fence, ends the
 * registration, and drops the events appended meanwhile whose transaction the snapshot saw.
 */
const SET_FENCE = `${VISIBLE}${BODIES}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local xmin, xmax, xip = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
redis.call('HSET', KEYS[1], 'fenceXmin', ARGV[1], 'fenceXmax', ARGV[2], 'fenceXip', xip)
redis.call('HDEL', KEYS[1], 'registering')
local events = redis.call('LRANGE', KEYS[2], 0, -1)
local pending = redis.call('LRANGE', KEYS[3], 0, -1)
redis.call('DEL', KEYS[3])
local kept = {}
for i = 1, #events do
  local tx = pending[i]
  if tx == nil or tx == '-' or not visible(tonumber(tx), xmin, xmax, xip) then
    kept[#kept + 1] = events[i]
  else
    release(events[i], KEYS[4])
  end
end
if #kept < #events then
  redis.call('DEL', KEYS[2])
  for i = 1, #kept do redis.call('RPUSH', KEYS[2], kept[i]) end
end
return 1
`;

/**
 * KEYS: queue, events, body references, expiry. ARGV: last event id, then optional steps, each
 * skipped when '': the owner's user id, now (touch), the wake channel (interrupt), the queue id,
 * the interrupt's message (../redis-layout.ts).
 * A whole long-poll step in one call (QueueStore.poll): the owner check, touch, interrupt, then
 * Zulip's fetch_events checks, prune and contents: {'no-queue'} | {'not-owner'} | {'pruned-past', newestPrunedId} |
 * {'not-in-queue'} | {'ok', {events...}, {body key, body JSON, ...}}: message events keep their
 * body reference and each body they refer to comes once, so the store parses it once.
 * The events come back as one nested array: unpack() would overflow Lua's stack past ~8,000.
 * POLL_ONE is that step as a function: the bodies it needs go to `bodies`, once per call (`seen`).
 */
const POLL_ONE = `${BODIES}${ACTIVITY}
local function poll_one(queue, events_key, refs, expiry, a, seen, bodies)
  if redis.call('EXISTS', queue) == 0 then return {'no-queue'} end
  if a[2] ~= '' and redis.call('HGET', queue, 'userId') ~= a[2] then return {'not-owner'} end
  if a[3] ~= '' then touch(queue, expiry, a[3], a[5]) end
  if a[4] ~= '' then redis.call('PUBLISH', a[4], a[6]) end
  local last = tonumber(a[1])
  local pruned = tonumber(redis.call('HGET', queue, 'prunedId'))
  if last < pruned then return {'pruned-past', pruned} end
  local events = redis.call('LRANGE', events_key, 0, -1)
  local dropped = 0
  for i = 1, #events do
    local id = tonumber(string.match(events[i], '^{"id":(%d+)'))
    if id > last then break end
    pruned = id
    dropped = i
    release(events[i], refs)
  end
  if dropped > 0 then
    redis.call('LTRIM', events_key, dropped, -1)
    redis.call('HSET', queue, 'prunedId', pruned)
  end
  if last ~= pruned then return {'not-in-queue'} end
  local rest = {}
  for i = dropped + 1, #events do
    local body = body_of(events[i])
    if body and not seen[body] then
      seen[body] = true
      bodies[#bodies + 1] = body
      bodies[#bodies + 1] = redis.call('GET', body) or 'null'
    end
    rest[#rest + 1] = events[i]
  end
  return {'ok', rest}
end
`;

const POLL = `${POLL_ONE}
local bodies = {}
local result = poll_one(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV, {}, bodies)
result[3] = bodies
return result
`;

/**
 * The polls woken together by a fan-out, in one call: KEYS four per poll, as POLL's; ARGV six per
 * poll, as POLL's. Returns {results (each as POLL's without its bodies), bodies}: a body shared by
 * the batch comes once, not once per queue.
 */
const POLL_MANY = `${POLL_ONE}
local results, bodies, seen = {}, {}, {}
for i = 0, #KEYS / 4 - 1 do
  local k, a = i * 4, i * 6
  results[i + 1] = poll_one(KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4],
    {ARGV[a + 1], ARGV[a + 2], ARGV[a + 3], ARGV[a + 4], ARGV[a + 5], ARGV[a + 6]}, seen, bodies)
end
return {results, bodies}
`;

/**
 * KEYS: queue, events, pending transactions, expiry, body references. ARGV: key prefix, queue id,
 * wake channel. Removes the queue, its index entries and its body references, and wakes its
 * parked polls on every replica (they find it gone and report BAD_EVENT_QUEUE_ID).
 */
const DELETE = `${BODIES}
local owner = redis.call('HMGET', KEYS[1], 'userId', 'realmId')
release_all(KEYS[2], KEYS[5])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('ZREM', KEYS[4], ARGV[2])
if owner[1] then redis.call('SREM', ARGV[1] .. 'user:' .. owner[1], ARGV[2]) end
if owner[2] then redis.call('SREM', ARGV[1] .. 'realm:' .. owner[2] .. ':public', ARGV[2]) end
redis.call('PUBLISH', ARGV[3], ARGV[2])
return 1
`;

/**
 * KEYS: queue hashes. Each one's HGETALL as a flat field/value list (empty for a missing queue),
 * in order: a fan-out reads its 10,000 descriptors in one command instead of 10,000.
 */
const DESCRIBE = `
local found = {}
for i = 1, #KEYS do found[i] = redis.call('HGETALL', KEYS[i]) end
return found
`;

const SCRIPTS = {
  chatQueueCreate: { numberOfKeys: 4, lua: CREATE },
  chatQueueTouch: { numberOfKeys: 2, lua: TOUCH },
  chatQueueAppend: { numberOfKeys: 5, lua: APPEND },
  chatQueueSetFence: { numberOfKeys: 4, lua: SET_FENCE },
  chatQueueDelete: { numberOfKeys: 5, lua: DELETE },
  chatQueuePoll: { numberOfKeys: 4, lua: POLL },
  // The number of keys comes first in each call.
  chatQueueDescribe: { lua: DESCRIBE },
  chatQueuePollMany: { lua: POLL_MANY },
} as const;

type ScriptName = keyof typeof SCRIPTS;
type Arg = string | number;

/** A connection with the scripts defined; replies are unknown until parsed where they are used. */
export type ScriptedRedis = Redis & { [K in ScriptName]: (...args: Arg[]) => Promise<unknown> };
export type ScriptedPipeline = ChainableCommander & { [K in ScriptName]: (...args: Arg[]) => ScriptedPipeline };

/** Defines the scripts on the connection (idempotent; the names are specific to this store). */
export function defineScripts(redis: Redis): ScriptedRedis {
  for (const [name, definition] of Object.entries(SCRIPTS)) redis.defineCommand(name, definition);
  return redis as ScriptedRedis;
}

export function scriptedPipeline(redis: ScriptedRedis): ScriptedPipeline {
  return redis.pipeline() as ScriptedPipeline;
}
