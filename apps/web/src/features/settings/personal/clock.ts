/** Message times on the clock the person chose (twenty_four_hour_time), in the browser's language. */
const clocks = {
  twelve: new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', hour12: true }),
  twentyFour: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};

export function formatClock(seconds: number, twentyFourHour: boolean): string {
  return (twentyFourHour ? clocks.twentyFour : clocks.twelve).format(new Date(seconds * 1000));
}
