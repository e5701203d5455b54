import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptsEventType, matchesNarrow, type FilterableMessage } from '../src/lib/event-filter';
import { normalizeNarrow } from '../src/actions/register';

interface FilterCase {
  narrow: [string, string][];
  accept_events: { message: FilterableMessage | null; flags: string[] | null }[];
  reject_events: { message: FilterableMessage | null; flags: string[] | null }[];
}

/** Zulip's narrow.json, verbatim: it has trailing commas, which its ujson fork accepts. */
function loadCases(): FilterCase[] {
  const raw = readFileSync(join(__dirname, 'fixtures/narrow_event_filter_cases.json'), 'utf8');
  return JSON.parse(raw.replace(/,(\s*[}\]])/g, '$1')) as FilterCase[];
}

describe('event narrow filter', () => {
  const cases = loadCases();

  it('has the reference cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
  });

  it.each(cases.map((c) => [JSON.stringify(c.narrow), c] as const))('narrow %s accepts and rejects as Zulip', (_n, c) => {
    for (const event of c.accept_events)
      expect({ event, accepted: matchesNarrow(c.narrow, event.message, event.flags) }).toEqual({ event, accepted: true });
    for (const event of c.reject_events)
      expect({ event, accepted: matchesNarrow(c.narrow, event.message, event.flags) }).toEqual({ event, accepted: false });
  });

  it('filters by event_types (null means every type)', () => {
    expect(acceptsEventType({ eventTypes: null }, 'message')).toBe(true);
    expect(acceptsEventType({ eventTypes: ['message'] }, 'message')).toBe(true);
    expect(acceptsEventType({ eventTypes: ['realm_emoji'] }, 'message')).toBe(false);
  });
});

describe('register narrow', () => {
  it("accepts the spec's single pair and Zulip's list of pairs", () => {
    expect(normalizeNarrow(['stream', 'Denmark'])).toEqual([['stream', 'Denmark']]);
    expect(
      normalizeNarrow([
        ['stream', 'Denmark'],
        ['topic', 'x'],
      ]),
    ).toEqual([
      ['stream', 'Denmark'],
      ['topic', 'x'],
    ]);
    expect(normalizeNarrow([])).toEqual([]);
  });

  it('refuses operators Zulip does not filter events by', () => {
    expect(() => normalizeNarrow([['search', 'x']])).toThrow('Operator search not supported.');
    expect(() => normalizeNarrow([['stream']])).toThrow();
  });
});
