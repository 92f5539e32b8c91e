'use client';

import { useTranslations } from 'next-intl';
import { limitMessageValues, THROTTLES } from '@/lib/limits';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, Input } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { ApiError, apiRequest } from '@/lib/http/api-client';
import { fullPageLoad } from '@/lib/navigation/full-page-load';
import { routes } from '@/lib/navigation/routes';
import { passwordSchema } from '@/lib/schemas/auth';
import { endBrowserSession } from '@/lib/session/client';
import { toast } from '@/lib/ui/toast-store';
import { LogOutButton } from '@/components/auth/log-out-button';
import { PasswordStrength } from '@/components/auth/password-strength';
import { forgetAccount } from '@/lib/data';
import { CheckboxField } from '@/components/ui/checkbox-field';

/** Error keys of `settings.account.errors` in messages/*.json. */
type ErrorKey =
  | 'passwordLength'
  | 'passwordCommon'
  | 'passwordPersonal'
  | 'wrongPassword'
  | 'tooManyAttempts'
  | 'network'
  | 'failed';

const newPasswordErrors: readonly string[] = ['passwordLength', 'passwordCommon', 'passwordPersonal'];

function errorKey(error: unknown): ErrorKey {
  if (!(error instanceof ApiError)) return 'network';
  if (error.code === 'wrongPassword' || error.status === 403) return 'wrongPassword';
  if (error.status === 429) return 'tooManyAttempts';
  const message = error.issueMessage;
  if (message && newPasswordErrors.includes(message)) return message as ErrorKey;
  return 'failed';
}

/** A failure as the form keeps it: its message key and, after a 429, the minutes to wait. */
type Failure = { key: ErrorKey; minutes?: number };

function failureOf(error: unknown): Failure {
  return { key: errorKey(error), minutes: error instanceof ApiError ? error.retryAfterMinutes : undefined };
}

/** The message of a failure, with the numbers it names (a limit, the minutes to wait). */
function useFailureText() {
  const t = useTranslations('settings.account');
  return (failure: Failure | undefined | null) =>
    failure
      ? t(`errors.${failure.key}`, {
          ...limitMessageValues('auth', failure.key, String),
          // The server always says how long; the login window is what it would say.
          minutes: failure.minutes ?? THROTTLES.login.perEmailAndAddress.windowMs / 60_000,
        })
      : undefined;
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
        <LogOutButton variant="secondary">
          <Icon name="logout" className="text-lg" />
          {t('logout')}
        </LogOutButton>
      </div>
      <OtherDevices />
      <ChangePassword email={email} />
      <DeleteAccount />
    </div>
  );
}

/** Ends the account's sessions on every other browser (a lost phone, a shared computer). */
function OtherDevices() {
  const t = useTranslations('settings.account');
  const failureText = useFailureText();
  const [error, setError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [revokeTokens, setRevokeTokens] = useState(true);

  async function logOutOthers() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', '/auth/logout-others', { revokeTokens });
      toast({ title: t(revokeTokens ? 'loggedOutOthersAndTokens' : 'loggedOutOthers'), variant: 'success' });
    } catch (caught) {
      setError(failureOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid max-w-md gap-3">
      <h3 className="font-semibold">{t('otherDevicesTitle')}</h3>
      <p className="text-fg-muted text-sm">{t('otherDevicesLead')}</p>
      <RevokeTokens checked={revokeTokens} onChange={setRevokeTokens} />
      <FormError>{failureText(error)}</FormError>
      <Button
        type="button"
        variant="secondary"
        className="w-fit"
        disabled={busy}
        onClick={() => void logOutOthers()}
      >
        <Icon name="logout" className="text-lg" />
        {t('logoutOthers')}
      </Button>
    </div>
  );
}

/**
 * Whether logging out other devices or changing the password revokes the personal access tokens
 * too: ticked at first, since a token made with a stolen session outlives the session; unticked,
 * scripts and assistants keep working (decision 0047).
 */
function RevokeTokens({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations('settings.account');
  return (
    <CheckboxField
      checked={checked}
      onChange={onChange}
      label={t('revokeTokens')}
      hint={t('revokeTokensHint')}
    />
  );
}

function ChangePassword({ email }: { email: string | null }) {
  const t = useTranslations('settings.account');
  const failureText = useFailureText();
  const id = useId();
  const [errors, setErrors] = useState<{ current?: Failure; next?: Failure; form?: Failure }>({});
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState('');
  const [revokeTokens, setRevokeTokens] = useState(true);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current') ?? '');
    const next = String(data.get('next') ?? '');
    const nextValid = passwordSchema.safeParse(next);
    if (!current || !nextValid.success) {
      setErrors({
        current: current ? undefined : { key: 'wrongPassword' },
        next: nextValid.success ? undefined : { key: 'passwordLength' },
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('PUT', '/me/password', { current, next, revokeTokens });
      form.reset();
      setNext('');
      toast({ title: t(revokeTokens ? 'passwordChangedAndTokens' : 'passwordChanged'), variant: 'success' });
    } catch (error) {
      const failure = failureOf(error);
      setErrors(
        failure.key === 'wrongPassword' || failure.key === 'tooManyAttempts'
          ? { current: failure }
          : failure.key === 'network' || failure.key === 'failed'
            ? { form: failure }
            : { next: failure },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-3" aria-busy={busy}>
      <h3 className="font-semibold">{t('changePassword')}</h3>
      <Field id={`${id}-current`} label={t('currentPassword')} error={failureText(errors.current)}>
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
        error={failureText(errors.next)}
        hint={t('newPasswordHint')}
      >
        <Input
          id={`${id}-next`}
          name="next"
          type="password"
          autoComplete="new-password"
          invalid={!!errors.next}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
      </Field>
      {errors.next || !next ? null : (
        <PasswordStrength id={`${id}-strength`} password={next} owner={{ email: email ?? undefined }} />
      )}
      <RevokeTokens checked={revokeTokens} onChange={setRevokeTokens} />
      <FormError>{failureText(errors.form)}</FormError>
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
  const failureText = useFailureText();
  const [error, setError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  async function deleteAccount() {
    setBusy(true);
    try {
      await apiRequest('DELETE', '/me', { password });
      await forgetAccount().catch(() => undefined);
      endBrowserSession();
      fullPageLoad(routes.home);
    } catch (caught) {
      setError(failureOf(caught));
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="border-error/40 grid gap-3 rounded-2xl border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(password ? null : { key: 'wrongPassword' });
        if (password) setConfirming(true);
      }}
    >
      <h3 className="font-semibold">{t('deleteTitle')}</h3>
      <p className="text-fg-muted text-sm">{t('deleteLead')}</p>
      <Field
        id={`${id}-password`}
        className="max-w-md"
        label={t('currentPassword')}
        error={failureText(error)}
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
