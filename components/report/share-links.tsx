'use client';

import { AccountOffer } from '@/components/auth/account-offer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NameAndLifetimeFields } from '@/components/ui/name-and-lifetime';
import { ShownOnce } from '@/components/ui/shown-once';
import { useDataMode } from '@/lib/data';
import { useDayFormat } from '@/lib/hooks/use-day-format';
import { apiRequest } from '@/lib/http/api-client';
import { LIMITS } from '@/lib/limits';
import { shareCreatedSchema, shareInfoSchema, type ShareInfo } from '@/lib/schemas/share-link';
import { z } from '@/lib/schemas/zod';
import { toast } from '@/lib/ui/toast-store';

const SHARES_KEY = ['share-links'] as const;
/** The lifetimes offered, in days: a week to a quarter (LIMITS.shareLinkDays). */
const LIFETIMES = [7, 30, 90] as const;

/** The page a share link opens, on this app's origin. */
export const sharedPath = (token: string) => `/shared/${token}`;

/**
 * Sharing the report's period with a dietitian: a read-only link anyone who has it can open
 * without an account, until it expires or is revoked. Links live on the server, so a guest is
 * offered an account, and printing or exporting meanwhile.
 */
export function ShareLinks({ from, to, valid }: { from: string; to: string; valid: boolean }) {
  const t = useTranslations('report.share');
  const mode = useDataMode();
  return (
    <section
      className="border-border bg-surface grid gap-4 rounded-3xl border p-5 print:hidden"
      aria-labelledby="share-title"
      data-testid="share-links"
    >
      <div className="grid gap-1">
        <h2 id="share-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <p className="text-fg-muted text-sm">{t(mode === 'guest' ? 'leadGuest' : 'lead')}</p>
      </div>
      {mode === 'guest' ? <AccountOffer /> : <AccountShareLinks from={from} to={to} valid={valid} />}
    </section>
  );
}

function AccountShareLinks({ from, to, valid }: { from: string; to: string; valid: boolean }) {
  const t = useTranslations('report.share');
  const format = useFormatter();
  const calendar = useDayFormat();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [lifetime, setLifetime] = useState<string>('30');
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ShareInfo | null>(null);
  const failed = () => t(navigator.onLine ? 'saveFailed' : 'offline');

  const links = useQuery({
    queryKey: SHARES_KEY,
    queryFn: async () => z.array(shareInfoSchema).parse(await apiRequest('GET', '/shares')),
  });
  const create = useMutation({
    mutationFn: async (input: { name: string; from: string; to: string; days: number }) =>
      shareCreatedSchema.parse(await apiRequest('POST', '/shares', input)),
    onSuccess: (created) => {
      setMade(new URL(sharedPath(created.token), window.location.origin).href);
      setName('');
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
    },
    onError: () => setError(failed()),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/shares/${id}`),
    onSuccess: () => {
      toast({ title: t('revoked') });
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
    },
    onError: () => toast({ title: failed(), variant: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (trimmed.length > LIMITS.shareNameLength.max)
      return setError(t('nameRange', { max: LIMITS.shareNameLength.max }));
    if (!valid) return setError(t('periodInvalid'));
    if ((links.data?.length ?? 0) >= LIMITS.shareLinksPerUser.max)
      return setError(t('tooMany', { max: LIMITS.shareLinksPerUser.max }));
    setMade(null);
    create.mutate({ name: trimmed, from, to, days: Number(lifetime) });
  }

  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const period = (link: ShareInfo) => calendar.range(link.from, link.to, { dateStyle: 'medium' });
  // Expired as of the list's loading: a list stays up for minutes at most.
  const now = links.dataUpdatedAt;

  return (
    <div className="grid gap-5">
      {made ? (
        <ShownOnce
          title={t('madeTitle')}
          value={made}
          hint={t('madeHint')}
          copy={{ label: t('copy'), done: t('copied'), failed: t('copyFailed') }}
        />
      ) : null}

      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('formLabel')}>
        <NameAndLifetimeFields
          name={name}
          onName={setName}
          nameText={{ label: t('name'), placeholder: t('namePlaceholder') }}
          maxLength={LIMITS.shareNameLength.max}
          lifetime={lifetime}
          onLifetime={setLifetime}
          lifetimeText={{ label: t('lifetime') }}
          lifetimes={LIFETIMES.map((days) => ({ value: String(days), label: t('days', { count: days }) }))}
        />
        {error ? (
          <p className="text-error-strong text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="w-fit" disabled={create.isPending}>
          {t('make')}
        </Button>
      </form>

      {links.isError ? (
        <p className="text-error-strong text-sm">{t(navigator.onLine ? 'loadFailed' : 'offline')}</p>
      ) : links.data && links.data.length > 0 ? (
        <ul className="divide-border grid divide-y" aria-label={t('listLabel')} data-testid="share-list">
          {links.data.map((link) => (
            <li key={link.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{link.name || t('unnamed')}</p>
                <p className="text-fg-muted text-sm">
                  {period(link)} ·{' '}
                  {Date.parse(link.expiresAt) <= now
                    ? t('expired')
                    : t('expiresOn', { date: date(link.expiresAt) })}{' '}
                  · {link.lastOpenedAt ? t('openedOn', { date: date(link.lastOpenedAt) }) : t('neverOpened')}
                </p>
              </div>
              <Button type="button" variant="secondary" size="sm" onClick={() => setRevoking(link)}>
                {t('revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('revokeTitle', { name: revoking?.name || t('unnamed') })}
        confirmLabel={t('revoke')}
        danger
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      >
        {t('revokeText')}
      </ConfirmDialog>
    </div>
  );
}
