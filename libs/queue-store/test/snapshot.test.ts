import { parseSnapshot, visibleIn } from '../src';

describe('snapshots', () => {
  it("parses pg_snapshot's text form", () => {
    expect(parseSnapshot('748:752:748,750')).toEqual({ xmin: 748, xmax: 752, xip: [748, 750] });
    expect(parseSnapshot('10:10:')).toEqual({ xmin: 10, xmax: 10, xip: [] });
    expect(() => parseSnapshot('nonsense')).toThrow('not a snapshot');
  });

  it('sees transactions below xmin, and below xmax unless still in progress', () => {
    // xmin is the oldest transaction still running, so PostgreSQL always lists it in xip.
    const snapshot = { xmin: 100, xmax: 105, xip: [100, 102] };
    expect([99, 100, 101, 102, 104, 105, 200].map((tx) => visibleIn(snapshot, tx))).toEqual([true, false, true, false, true, false, false]);
  });
});
