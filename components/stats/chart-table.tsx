'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/ui/cn';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/** The accessible alternative to a chart: its figures as a table, behind a disclosure. */
export function ChartTable({
  summary,
  caption,
  headers,
  rows,
}: {
  /** The disclosure's text; "Show table" by default. */
  summary?: string;
  caption: string;
  /** The date's column, then one for each of a row's values. */
  headers: readonly [string, ...string[]];
  rows: ReadonlyArray<{ date: string; values: readonly string[] }>;
}) {
  const t = useTranslations('stats');
  const calendar = useDayFormat();
  return (
    <details className="mt-3">
      <summary className="text-primary-strong cursor-pointer text-sm font-medium">
        {summary ?? t('showTable')}
      </summary>
      <div className="mt-2 max-h-72 overflow-y-auto">
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-fg-muted text-left">
              {headers.map((header, index) => (
                <th key={header} scope="col" className={cn('py-1 font-medium', index > 0 && 'text-right')}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date} className="border-border border-t">
                <th scope="row" className="py-1 text-left font-normal">
                  {calendar.day(row.date, { dateStyle: 'medium' })}
                </th>
                {row.values.map((value, index) => (
                  <td key={index} className="py-1 text-right">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
