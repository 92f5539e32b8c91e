'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { limitMessageValues, THROTTLES } from '@/lib/limits';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { fullPageLoad } from '@/lib/navigation/full-page-load';
import { ApiError, apiRequest } from '@/lib/http/api-client';
import { rememberAccountPreferences } from '@/lib/preferences/from-settings';
import { nextPathOfThisPage, routes } from '@/lib/navigation/routes';
import { sendPendingLogout, startAccountSession } from '@/lib/session/client';
import { isUnnamed, rememberAccountProfile } from '@/lib/session/profile';
import { GuestImportOffer } from './guest-import-offer';
import { PasswordStrength } from './password-strength';
import { FormError } from '@/components/ui/form-error';

type Mode = 'login' | 'register';
type Field = 'email' | 'password' | 'name';
type ErrorKey =
  | 'emailInvalid'
  | 'passwordLength'
  | 'passwordCommon'
  | 'passwordPersonal'
  | 'nameLength'
  | 'unavailable'
  | 'network'
  | 'invalidCredentials'
  | 'emailTaken'
  | 'tooManyAttempts';

// What the server's status codes mean to the person filling in the form.
const statusErrors: Record<number, ErrorKey> = {
  401: 'invalidCredentials',
  409: 'emailTaken',
  429: 'tooManyAttempts',
  404: 'unavailable',
  501: 'unavailable',
  503: 'unavailable',
};

const fieldErrorKeys: readonly string[] = [
  'emailInvalid',
  'passwordLength',
  'passwordCommon',
  'passwordPersonal',
  'nameLength',
];

/** The server's field error, when it names a field and a message this form shows. */
function serverFieldError(error: ApiError): { field: Field; error: ErrorKey } | null {
  const { field } = error.body;
  const message = error.issueMessage;
  if (
    (field === 'email' || field === 'password' || field === 'name') &&
    fieldErrorKeys.includes(String(message))
  ) {
    return { field, error: message as ErrorKey };
  }
  return null;
}

type FormFailure = { form: ErrorKey; retryMinutes?: number };

/** What went wrong, for the form: a field's error, or one for the whole form. */
function submitError(error: unknown): { field: Field; error: ErrorKey } | FormFailure {
  if (!(error instanceof ApiError)) return { form: 'network' };
  return (
    (error.status === 400 && serverFieldError(error)) || {
      form: statusErrors[error.status] ?? 'network',
      retryMinutes: error.retryAfterMinutes,
    }
  );
}

/**
 * The page to open after logging in (a full load: see fullPageLoad), in the account's language,
 * theme and bottom bar: its settings travel to every device it logs in on.
 */
async function enterDiary(mode: Mode) {
  // A new account was made from this browser: what it shows stands. (Its settings may hold the
  // language the API's origin negotiated, which lacks this origin's cookie.)
  if (mode === 'login') await rememberAccountPreferences();
  fullPageLoad(nextPathOfThisPage());
}

/** The log-in and registration form: field errors, show-password, a busy state, server answers. */
export function AuthForm({
  mode,
  header,
  guestWayIn,
}: {
  mode: Mode;
  /** The page's heading and lead, replaced by the import offer once the session has started. */
  header: ReactNode;
  /** "or Continue as guest", below the form. */
  guestWayIn: ReactNode;
}) {
  const t = useTranslations('auth');
  const formId = useId();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [formError, setFormError] = useState<FormFailure | null>(null);
  // What is typed so far, for the strength of a new password (which must not be the email or name).
  const [draft, setDraft] = useState({ email: '', name: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [offerImport, setOfferImport] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  // Registering from a guest diary: the name the guest gave is the account's, unless changed.
  useEffect(() => {
    const input = nameInput.current;
    if (mode !== 'register' || !input || input.value) return;
    // The data layer loads only here, keeping it out of the page's first scripts.
    void import('@/lib/data').then(({ guestDiaryName }) => {
      const name = guestDiaryName();
      // Set on the field itself (it is uncontrolled), unless typed in meanwhile; the password
      // check reads it on the next change.
      if (name !== null && !isUnnamed(name) && !input.value) input.value = name;
    });
  }, [mode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    // zod loads on the first submit, keeping it out of the page's first scripts.
    const { loginSchema, registerSchema } = await import('@/lib/schemas/auth');
    const parsed = (mode === 'login' ? loginSchema : registerSchema).safeParse(data);
    if (!parsed.success) {
      const errors: Partial<Record<Field, ErrorKey>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message as ErrorKey;
      }
      setFieldErrors(errors);
      setFormError(null);
      return;
    }

    setFieldErrors({});
    setFormError(null);
    setSubmitting(true);
    let user: { id: string; email: string; name: string };
    try {
      // A logout made offline reaches the server first: it ends the session this browser had.
      await sendPendingLogout();
      const answer = (await apiRequest('POST', `/auth/${mode}`, parsed.data)) as { user: typeof user };
      user = answer.user;
    } catch (error) {
      const failure = submitError(error);
      if ('form' in failure) setFormError(failure);
      else setFieldErrors({ [failure.field]: failure.error });
      setSubmitting(false);
      return;
    }
    startAccountSession(user.id);
    rememberAccountProfile({ name: user.name, email: user.email });
    // A diary kept here as a guest is offered to the account, whether or not the guest session
    // is still on: logging out never deleted it.
    const { guestDiaryHere } = await import('@/lib/data');
    if (guestDiaryHere()) setOfferImport(true);
    else await enterDiary(mode);
  }

  if (offerImport) return <GuestImportOffer headingLevel="h1" onDone={() => void enterDiary(mode)} />;

  const fields: Array<{ name: Field; type: string; autoComplete: string; label: string }> = [
    ...(mode === 'register'
      ? [{ name: 'name' as const, type: 'text', autoComplete: 'name', label: t('nameOptional') }]
      : []),
    { name: 'email', type: 'email', autoComplete: 'email', label: t('email') },
    {
      name: 'password',
      type: showPassword ? 'text' : 'password',
      autoComplete: mode === 'login' ? 'current-password' : 'new-password',
      label: t('password'),
    },
  ];

  return (
    <>
      {header}
      <form
        noValidate
        onSubmit={onSubmit}
        onChange={(event) => {
          // A field's error goes once the field is changed; the strength shows again.
          const changed = (event.target as unknown as HTMLInputElement).name as Field;
          setFieldErrors((errors) => (errors[changed] ? { ...errors, [changed]: undefined } : errors));
          const data = new FormData(event.currentTarget);
          setDraft({
            email: String(data.get('email') ?? ''),
            name: String(data.get('name') ?? ''),
            password: String(data.get('password') ?? ''),
          });
        }}
        className="grid gap-4"
        aria-busy={submitting}
      >
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const error = fieldErrors[field.name];
          const showsStrength = mode === 'register' && field.name === 'password' && !error;
          return (
            <div key={field.name} className="grid gap-1.5">
              <label htmlFor={id} className="text-sm font-medium">
                {field.label}
              </label>
              <div className="relative">
                <input
                  ref={field.name === 'name' ? nameInput : undefined}
                  id={id}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : showsStrength ? `${id}-strength` : undefined}
                  className={cn(
                    'bg-surface h-11 w-full rounded-xl border px-3.5 text-base outline-none focus-visible:outline-2 focus-visible:outline-offset-0',
                    error ? 'border-error' : 'border-border',
                    field.name === 'password' && 'pr-12',
                  )}
                />
                {field.name === 'password' ? (
                  <button
                    type="button"
                    onClick={() => setShowPassword((shown) => !shown)}
                    aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                    aria-pressed={showPassword}
                    className="text-fg-muted hover:text-fg absolute inset-y-0 right-0 grid w-11 cursor-pointer place-items-center text-lg"
                  >
                    <Icon name={showPassword ? 'eyeOff' : 'eye'} />
                  </button>
                ) : null}
              </div>
              {error ? (
                <p id={`${id}-error`} className="text-error-strong text-sm">
                  {t(`errors.${error}`, limitMessageValues('auth', error, String))}
                </p>
              ) : showsStrength ? (
                <PasswordStrength id={`${id}-strength`} password={draft.password} owner={draft} />
              ) : null}
            </div>
          );
        })}
        <FormError>
          {formError
            ? t(`errors.${formError.form}`, {
                ...limitMessageValues('auth', formError.form, String),
                // The server always says how long; the login window is what it would say.
                minutes: formError.retryMinutes ?? THROTTLES.login.perEmailAndAddress.windowMs / 60_000,
              })
            : null}
        </FormError>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? t('submitting') : mode === 'login' ? t('submitLogin') : t('submitRegister')}
        </Button>
        <p className="text-fg-muted text-center text-sm">
          {mode === 'login' ? t('noAccount') : t('haveAccount')}{' '}
          <Link
            href={mode === 'login' ? routes.register : routes.login}
            className="text-primary-strong font-semibold underline-offset-4 hover:underline"
          >
            {mode === 'login' ? t('submitRegister') : t('submitLogin')}
          </Link>
        </p>
      </form>
      {guestWayIn}
    </>
  );
}
