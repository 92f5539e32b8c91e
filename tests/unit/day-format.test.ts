import { createFormatter, NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fromIsoDate } from '@/lib/diary/dates';
import { useDayFormat } from '@/lib/hooks/use-day-format';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

function Probe() {
  const calendar = useDayFormat();
  return createElement(
    'p',
    null,
    `${calendar.day('2026-11-27', { dateStyle: 'full' })} | ${calendar.range('2026-11-21', '2026-11-27', { dateStyle: 'long' })}`,
  );
}

/** The text a page draws with the formatter's zone `formatterZone` on a machine whose clock is in `machineZone`. */
function drawn(machineZone: string, formatterZone: string): string {
  process.env.TZ = machineZone;
  const html = renderToString(
    // eslint-disable-next-line react/no-children-prop -- the provider's props type requires children
    createElement(NextIntlClientProvider, {
      locale: 'en',
      timeZone: formatterZone,
      messages: {},
      children: createElement(Probe),
    }),
  );
  return html.replace(/<[^>]+>/g, '');
}

describe('calendar days as text', () => {
  // The client inherits the server's zone from next-intl, and its clock is the reader's: a share
  // page drawn in UTC and hydrated five hours east must name the same days (React #418 otherwise).
  it('name the same day on any machine, whatever zone the formatter has', () => {
    const onServer = drawn('UTC', 'UTC');
    // Plain spaces, as a browser's ICU writes them: Node's ICU 78 puts thin ones (U+2009) round the dash.
    expect(onServer).toBe('Friday, November 27, 2026 | November 21 – 27, 2026');
    for (const [machine, formatter] of [
      ['Asia/Yekaterinburg', 'UTC'],
      ['America/Los_Angeles', 'UTC'],
      ['Pacific/Kiritimati', 'Europe/Moscow'],
      ['UTC', 'Pacific/Pago_Pago'],
    ])
      expect(drawn(machine!, formatter!), `${machine} with ${formatter}`).toBe(onServer);
  });

  it("differ from a day's local midnight in the server's zone, which named the day before", () => {
    process.env.TZ = 'Asia/Yekaterinburg';
    const format = createFormatter({ locale: 'en', timeZone: 'UTC' });
    expect(format.dateTime(fromIsoDate('2026-11-27'), { dateStyle: 'full' })).toBe(
      'Thursday, November 26, 2026',
    );
  });
});
