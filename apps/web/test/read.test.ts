import { arr, dict, ints, num, pairs, str } from '../src/lib/read';

describe('reading untyped server values', () => {
  test('each reader takes what has its kind, and reads anything else as empty', () => {
    expect(dict({ a: 1 })).toEqual({ a: 1 });
    expect(dict([1])).toEqual({});
    expect(dict(null)).toEqual({});
    expect(arr([{ a: 1 }, 2, null, [3]])).toEqual([{ a: 1 }]);
    expect(arr('x')).toEqual([]);
    expect(ints([1, '2', 3])).toEqual([1, 3]);
    expect(pairs([['a', 'b'], ['c'], 'd', ['e', 1]])).toEqual([['a', 'b']]);
    expect([num(3), num('3'), num(undefined, 7)]).toEqual([3, 0, 7]);
    expect([str('x'), str(1), str(null, 'y')]).toEqual(['x', '', 'y']);
  });
});
