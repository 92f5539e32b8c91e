'use client';

import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NameAndLifetimeFields } from '@/components/ui/name-and-lifetime';
import { ShownOnce } from '@/components/ui/shown-once';
import { z } from '@/lib/schemas/zod';
import { apiRequest } from '@/lib/http/api-client';
import { LIMITS } from '@/lib/limits';
import { routes } from '@/lib/navigation/routes';
import {
  tokenCreatedSchema,
  tokenInfoSchema,
  tokenScopes,
  type TokenInfo,
  type TokenScope,
} from '@/lib/schemas/api-token';
import { toast } from '@/lib/ui/toast-store';

const TOKENS_KEY = ['api-tokens'] as const;
/** The lifetimes offered, in days; null: until revoked. */
const LIFETIMES = [30, 90, 365, null] as const;

/**
 * Personal access tokens, for the user's own scripts, spreadsheets and assistants: made with a
 * name, scopes and a lifetime, shown once with a copy button, listed with their last use, and
 * revoked after a confirmation. They live on the server, so this needs the network.
 */
export function TokenSettings() {
  const t = useTranslations('settings.tokens');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [lifetime, setLifetime] = useState<string>('90');
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ token: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<TokenInfo | null>(null);

  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: async () => z.array(tokenInfoSchema).parse(await apiRequest('GET', '/tokens')),
  });
  const create = useMutation({
    mutationFn: async (input: { name: string; scopes: TokenScope[]; days: number | null }) =>
      tokenCreatedSchema.parse(await apiRequest('POST', '/tokens', input)),
    onSuccess: (created) => {
      setMade({ token: created.token, name: created.info.name });
      setName('');
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: () => setError(t(navigator.onLine ? 'saveFailed' : 'offline')),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/tokens/${id}`),
    onSuccess: () => {
      toast({ title: t('revoked') });
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: () => toast({ title: t(navigator.onLine ? 'saveFailed' : 'offline'), variant: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < LIMITS.tokenNameLength.min || trimmed.length > LIMITS.tokenNameLength.max)
      return setError(t('nameRange', { max: LIMITS.tokenNameLength.max }));
    if (scopes.length === 0) return setError(t('scopesNeeded'));
    if ((tokens.data?.length ?? 0) >= LIMITS.tokensPerUser.max)
      return setError(t('tooMany', { max: LIMITS.tokensPerUser.max }));
    setError(null);
    setMade(null);
    create.mutate({ name: trimmed, scopes, days: lifetime === 'never' ? null : Number(lifetime) });
  }

  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });

  return (
    <div className="grid gap-5" data-testid="token-settings">
      <p className="text-sm">
        <Link href={routes.developers} className="text-primary-strong font-medium underline">
          {t('reference')}
        </Link>
      </p>
      {made ? (
        <ShownOnce
          title={t('madeTitle', { name: made.name })}
          value={made.token}
          hint={t('madeHint')}
          copy={{ label: t('copy'), done: t('copied'), failed: t('copyFailed') }}
        />
      ) : null}

      {tokens.isError ? (
        <p className="text-error-strong text-sm">{t(navigator.onLine ? 'loadFailed' : 'offline')}</p>
      ) : tokens.data && tokens.data.length > 0 ? (
        <ul className="divide-border grid divide-y" aria-label={t('listLabel')} data-testid="token-list">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{token.name}</p>
                <p className="text-fg-muted text-sm">
                  {token.scopes.map((scope) => t(`scopes.${scope}`)).join(', ')} ·{' '}
                  {t('madeOn', { date: date(token.createdAt) })} ·{' '}
                  {token.lastUsedAt ? t('usedOn', { date: date(token.lastUsedAt) }) : t('neverUsed')} ·{' '}
                  {token.expiresAt ? t('expiresOn', { date: date(token.expiresAt) }) : t('noExpiry')}
                </p>
              </div>
              <Button type="button" variant="secondary" size="sm" onClick={() => setRevoking(token)}>
                {t('revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : tokens.data ? (
        <p className="text-fg-muted text-sm">{t('none')}</p>
      ) : null}

      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('formLabel')}>
        <NameAndLifetimeFields
          name={name}
          onName={setName}
          nameText={{ label: t('name'), placeholder: t('namePlaceholder') }}
          maxLength={LIMITS.tokenNameLength.max}
          lifetime={lifetime}
          onLifetime={setLifetime}
          lifetimeText={{ label: t('lifetime') }}
          lifetimes={LIFETIMES.map((days) => ({
            value: days === null ? 'never' : String(days),
            label: days === null ? t('noExpiry') : t('days', { count: days }),
          }))}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('scopesLabel')}</legend>
          {tokenScopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) =>
                  setScopes((current) =>
                    event.target.checked ? [...current, scope] : current.filter((item) => item !== scope),
                  )
                }
                className="accent-primary mt-0.5 size-4"
              />
              <span>
                {t(`scopes.${scope}`)}
                <span className="text-fg-muted block">{t(`scopeHints.${scope}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className="text-error-strong text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {t('make')}
        </Button>
      </form>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('revokeTitle', { name: revoking?.name ?? '' })}
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
