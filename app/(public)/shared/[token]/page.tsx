import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { PrintButton } from '@/components/report/print-button';
import { ReportDocument } from '@/components/report/report-document';
import { getDb } from '@/lib/server/db/client';
import { openShareLink } from '@/lib/server/share-links';

type Props = { params: Promise<{ token: string }> };

/** Nobody's diary belongs in a search engine, nor its link in another site's logs. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shared');
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * /shared/{token}: a period of someone's diary, read-only, for whoever has the link (a
 * dietitian): no account, nothing to change, printable. An unknown, revoked or expired link
 * answers 404 with ./not-found.tsx.
 */
export default async function SharedDiaryPage({ params }: Props) {
  const shared = await openShareLink(await getDb(), (await params).token);
  if (!shared) notFound();
  const t = await getTranslations('shared');
  const format = await getFormatter();
  const until = format.dateTime(new Date(shared.expiresAt), { dateStyle: 'long' });
  return (
    <div className="grid gap-6">
      <div className="border-border bg-surface grid gap-3 rounded-3xl border p-5 print:hidden">
        <p className="text-sm">
          {shared.name ? t('leadFor', { name: shared.name, until }) : t('lead', { until })}
        </p>
        <PrintButton />
      </div>
      <ReportDocument
        owner={shared.owner}
        meals={shared.meals}
        from={shared.from}
        to={shared.to}
        days={shared.days}
      />
    </div>
  );
}
