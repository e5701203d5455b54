import { DRAFT_MAX_AGE_MS, draftFor, draftKey, parseDrafts, pruneDrafts, removeDraft, saveDraft } from '../src/features/compose/drafts';

describe('drafts', () => {
  test('one key per conversation: a topic in any case, recipients in any order and case', () => {
    expect(draftKey({ kind: 'stream', stream: 'Denmark', topic: 'Castle ' })).toBe(
      draftKey({ kind: 'stream', stream: 'denmark', topic: 'castle' }),
    );
    expect(draftKey({ kind: 'stream', stream: 'Denmark', topic: 'a' })).not.toBe(
      draftKey({ kind: 'stream', stream: 'Denmark', topic: 'b' }),
    );
    expect(draftKey({ kind: 'private', to: 'b@x.com, A@x.com,' })).toBe(draftKey({ kind: 'private', to: 'a@x.com,b@x.com' }));
    expect(draftKey({ kind: 'private', to: 'a@x.com' })).not.toBe(draftKey({ kind: 'stream', stream: 'a@x.com', topic: '' }));
  });

  test('no key without a recipient', () => {
    expect(draftKey({ kind: 'stream', stream: ' ', topic: 'x' })).toBeNull();
    expect(draftKey({ kind: 'private', to: ' , ' })).toBeNull();
  });

  test('saved, replaced, and removed when blank', () => {
    let drafts = saveDraft({}, 'k', 'hello', 1000);
    expect(drafts).toEqual({ k: { content: 'hello', savedAt: 1000 } });
    expect(saveDraft(drafts, 'k', 'hello', 2000)).toBe(drafts);
    drafts = saveDraft(drafts, 'k', 'hello again', 2000);
    expect(drafts.k).toEqual({ content: 'hello again', savedAt: 2000 });
    expect(saveDraft(drafts, 'k', '  \n ', 3000)).toEqual({});
    expect(removeDraft(drafts, 'other')).toBe(drafts);
    expect(removeDraft(drafts, 'k')).toEqual({});
  });

  test('older than the age limit: not restored, and pruned', () => {
    const drafts = { old: { content: 'a', savedAt: 0 }, fresh: { content: 'b', savedAt: DRAFT_MAX_AGE_MS } };
    const now = DRAFT_MAX_AGE_MS + 1;
    expect(draftFor(drafts, 'old', now)).toBeUndefined();
    expect(draftFor(drafts, 'fresh', now)).toBe('b');
    expect(draftFor(drafts, 'none', now)).toBeUndefined();
    expect(pruneDrafts(drafts, now)).toEqual({ fresh: drafts.fresh });
    expect(pruneDrafts(drafts, 0)).toBe(drafts);
  });

  test('read back from storage, leaving out what is not a draft', () => {
    expect(parseDrafts(null)).toEqual({});
    expect(parseDrafts('not json')).toEqual({});
    expect(parseDrafts('[1]')).toEqual({});
    const stored = JSON.stringify({
      a: { content: 'x', savedAt: 5 },
      b: { content: 3, savedAt: 5 },
      c: 'y',
      d: { content: ' ', savedAt: 1 },
    });
    expect(parseDrafts(stored)).toEqual({ a: { content: 'x', savedAt: 5 } });
  });
});
