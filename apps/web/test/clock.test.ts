import { formatClock } from '../src/features/settings/personal/clock';

describe('message times', () => {
  // 15:05 UTC; the test's time zone may differ, so only the shape is checked.
  const afternoon = Date.UTC(2024, 0, 1, 15, 5) / 1000;

  it('uses a 24-hour clock when the person chose it, else a 12-hour one', () => {
    expect(formatClock(afternoon, true)).toMatch(/^\d{2}\D\d{2}$/);
    expect(formatClock(afternoon, false)).toMatch(/\d{1,2}\D\d{2}\s?(AM|PM|am|pm)/i);
  });
});
