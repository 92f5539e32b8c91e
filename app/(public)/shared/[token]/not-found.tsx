import { getTranslations } from 'next-intl/server';

/** A link that is unknown, revoked or expired: all three read the same, saying nothing of whose. */
export default async function SharedNotFound() {
  const t = await getTranslations('shared');
  return (
    <div className="border-border bg-surface mx-auto grid max-w-md gap-2 rounded-3xl border p-6 text-center">
      <h1 className="text-xl font-semibold">{t('goneTitle')}</h1>
      <p className="text-fg-muted">{t('goneText')}</p>
    </div>
  );
}
