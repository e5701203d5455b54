/**
 * The recorded conversation (test/recordings/): every endpoint called in a fixed order, in each
 * topology, gives the answers and events recorded before, once times, keys and random paths are
 * normalised. A change that should not change behaviour (a refactoring of the contracts, the
 * layers, a library) keeps this passing; one that should, records again with `npm run record`
 * and shows the difference in the recordings' diff.
 *
 * The same run checks every event it saw against its schema, and that every event type with a
 * schema was produced (Zulip's rule that every event schema is exercised): a new event type needs
 * a step that causes it. Every answer is checked against its endpoint's declaration too (in depth where
 * it is a schema), and those Zulip's current document describes against its schemas as well.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { matchContract, type Method } from '@chat/contracts';
import { EVENT_SCHEMAS } from '@chat/events';
import { validateResponse } from '@chat/testing';
import { REGISTER_SCHEMA_DIFFERENCES, withoutKnownDifferences } from './mobile-app.reference';
import { answerProblems } from './recordings/declared-answers';
import { normalize } from './recordings/normalize';
import { replay, routesFor } from './recordings/replay';
import { describeBothTopologies } from './topologies';

/** Event types no request produces: the long-poll's own keep-alive, and a server restart. */
const NOT_FROM_REQUESTS = new Set(['heartbeat', 'restart']);
const ajv = new Ajv({ allErrors: true, strict: false });
/**
 * The recorded answers Zulip's current document describes too (its vendored schemas), by our
 * operation id: they match it but for the differences the reported feature level explains
 * (./mobile-app.reference.ts lists each with its reason).
 */
const ZULIP_OPERATIONS: Record<string, string> = { getMessages: 'GET /messages', register: 'POST /register' };

/**
 * A private message's users keep 2.1's `short_name`, which Zulip's document no longer lists (and
 * its user objects there are closed): that one key is taken out before the check, nothing else.
 */
function withoutShortNames(body: unknown): unknown {
  const { messages } = body as { messages?: { display_recipient: unknown }[] };
  if (!Array.isArray(messages)) return body;
  const users = (recipient: unknown) =>
    Array.isArray(recipient) ? recipient.map(({ short_name: _short, ...user }: Record<string, unknown>) => user) : recipient;
  return { ...(body as object), messages: messages.map((m) => ({ ...m, display_recipient: users(m.display_recipient) })) };
}

describeBothTopologies('recorded answers and events', (env) => {
  it('every step answers and notifies as recorded; every event matches its schema and every schema is exercised', async () => {
    const { name, target, db, jobs } = env();
    const recorded = JSON.parse(readFileSync(join(__dirname, 'recordings', `${name}.json`), 'utf8')) as unknown[];
    const records = await replay(target, db, jobs);

    const seen = new Set<string>();
    for (const record of records) {
      for (const event of Object.values(record.events).flat() as { type: string }[]) {
        seen.add(event.type);
        const schema = EVENT_SCHEMAS[event.type];
        expect({ step: record.step, type: event.type, known: schema !== undefined }).toEqual({
          step: record.step,
          type: event.type,
          known: true,
        });
        const validate = ajv.compile(schema!);
        expect({ step: record.step, event, errors: validate(event) ? null : validate.errors }).toEqual({
          step: record.step,
          event,
          errors: null,
        });
      }
    }
    expect(Object.keys(EVENT_SCHEMAS).filter((type) => !seen.has(type) && !NOT_FROM_REQUESTS.has(type))).toEqual([]);

    // Every answer is what its endpoint's declaration says (its fields, its error statuses).
    for (const record of records) {
      const [, method, path, root] = record.step.split(' ');
      const contract = matchContract(routesFor(root === '(root)'), method as Method, path!)!.contract;
      expect({ step: record.step, problems: answerProblems(contract, record.status, record.body) }).toEqual({
        step: record.step,
        problems: [],
      });
      const zulipOperation = ZULIP_OPERATIONS[contract.name];
      if (zulipOperation && record.status === 200) {
        const problems = withoutKnownDifferences(
          validateResponse(zulipOperation, withoutShortNames(record.body)),
          REGISTER_SCHEMA_DIFFERENCES,
        );
        expect({ step: record.step, zulip: problems }).toEqual({ step: record.step, zulip: [] });
      }
    }

    const now = normalize(records) as unknown[];
    // Step by step, so a failure names the first step that differs.
    for (let i = 0; i < Math.max(recorded.length, now.length); i++) expect(now[i]).toEqual(recorded[i]);
  }, 120_000);
});
