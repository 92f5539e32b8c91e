/** This device's time zone: a diary day is the user's local calendar day. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The local calendar day (YYYY-MM-DD) and time (HH:MM) of an instant in `timeZone`, for sources
 * that store instants (OpenNutriTracker, Waistline). Null for an instant that is not a date.
 */
export function localDateTime(
  instant: Date | number | string,
  timeZone: string = deviceTimeZone(),
): { date: string; time: string } | null {
  const moment = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(moment.getTime())) return null;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(moment).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
