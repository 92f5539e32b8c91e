'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { limitMessageValues } from '@/lib/limits';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, Input } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { ApiError, apiRequest } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/full-page-load';
import { routes } from '@/lib/routes';
import { passwordSchema } from '@/lib/schemas/auth';
import { endBrowserSession } from '@/lib/session/client';
import { toast } from '@/lib/toast-store';

/** Error keys of `settings.account.errors` in messages/*.json. */
type ErrorKey =
  'passwordLength' | 'passwordCommon' | 'wrongPassword' | 'tooManyAttempts' | 'network' | 'failed';

function errorKey(error: unknown): ErrorKey {
  if (!(error instanceof ApiError)) return 'network';
  if (error.code === 'wrongPassword' || error.status === 403) return 'wrongPassword';
  if (error.status === 429) return 'tooManyAttempts';
  const message = error.issueMessage;
  if (message === 'passwordCommon' || message === 'passwordLength') return message;
  return 'failed';
}

/** The account: its email, a new password (the old one is never shown back), log out, delete. */
export function AccountSettings({ email }: { email: string | null }) {
  const t = useTranslations('settings.account');
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-fg-muted text-sm">{t('email')}</p>
          <p className="font-semibold break-all" data-testid="account-email">
            {email ?? '—'}
          </p>
        </div>
        <Button asChild variant="secondary">
          <Link href={routes.logout} prefetch={false}>
            <Icon name="logout" className="text-lg" />
            {t('logout')}
          </Link>
        </Button>
      </div>
      <ChangePassword />
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const t = useTranslations('settings.account');
  const id = useId();
  const [errors, setErrors] = useState<{ current?: ErrorKey; next?: ErrorKey; form?: ErrorKey }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current') ?? '');
    const next = String(data.get('next') ?? '');
    const nextValid = passwordSchema.safeParse(next);
    if (!current || !nextValid.success) {
      setErrors({
        current: current ? undefined : 'wrongPassword',
        next: nextValid.success ? undefined : 'passwordLength',
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('PUT', '/me/password', { current, next });
      form.reset();
      toast({ title: t('passwordChanged'), variant: 'success' });
    } catch (error) {
      const key = errorKey(error);
      setErrors(
        key === 'wrongPassword' || key === 'tooManyAttempts'
          ? { current: key }
          : key === 'network' || key === 'failed'
            ? { form: key }
            : { next: key },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-3" aria-busy={busy}>
      <h3 className="font-semibold">{t('changePassword')}</h3>
      <Field
        id={`${id}-current`}
        label={t('currentPassword')}
        error={
          errors.current && t(`errors.${errors.current}`, limitMessageValues('auth', errors.current, String))
        }
      >
        <Input
          id={`${id}-current`}
          name="current"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.current}
        />
      </Field>
      <Field
        id={`${id}-next`}
        label={t('newPassword')}
        error={errors.next && t(`errors.${errors.next}`, limitMessageValues('auth', errors.next, String))}
        hint={t('newPasswordHint')}
      >
        <Input
          id={`${id}-next`}
          name="next"
          type="password"
          autoComplete="new-password"
          invalid={!!errors.next}
        />
      </Field>
      <FormError>
        {errors.form ? t(`errors.${errors.form}`, limitMessageValues('auth', errors.form, String)) : null}
      </FormError>
      <Button type="submit" variant="secondary" className="w-fit" disabled={busy}>
        {busy ? t('saving') : t('savePassword')}
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const t = useTranslations('settings.account');
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function deleteAccount() {
    setBusy(true);
    try {
      await apiRequest('DELETE', '/me', { password });
      endBrowserSession();
      fullPageLoad(routes.home);
    } catch (caught) {
      setError(errorKey(caught));
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="border-error/40 grid gap-3 rounded-2xl border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(password ? null : 'wrongPassword');
        if (password) setConfirming(true);
      }}
    >
      <h3 className="font-semibold">{t('deleteTitle')}</h3>
      <p className="text-fg-muted text-sm">{t('deleteLead')}</p>
      <Field
        id={`${id}-password`}
        className="max-w-md"
        label={t('currentPassword')}
        error={error ? t(`errors.${error}`, limitMessageValues('auth', error, String)) : undefined}
      >
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          invalid={!!error}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Button type="submit" variant="danger" className="w-fit" disabled={busy}>
        <Icon name="trash" className="text-lg" />
        {t('delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deleteConfirmTitle')}
        confirmLabel={t('deleteConfirm')}
        danger
        onConfirm={() => void deleteAccount()}
      >
        {t('deleteConfirmBody')}
      </ConfirmDialog>
    </form>
  );
}
