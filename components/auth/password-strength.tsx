'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/ui/cn';
import { ratePassword, type PasswordOwner, type PasswordRating } from '@/lib/session/password-strength';

const SEGMENTS = [1, 2, 3, 4];

function segmentColour(rating: PasswordRating): string {
  if (rating.problem) return 'bg-error';
  return rating.score >= 3 ? 'bg-primary' : 'bg-secondary';
}

/**
 * How hard the new password being typed is to guess, rated as the server will rate it
 * (lib/session/password-strength.ts), so the form never calls "Good" what the server refuses.
 */
export function PasswordStrength({
  id,
  password,
  owner,
}: {
  id: string;
  password: string;
  owner: PasswordOwner;
}) {
  const t = useTranslations('auth');
  const [rated, setRated] = useState<{ password: string; rating: PasswordRating } | null>(null);
  const { email, name } = owner;

  useEffect(() => {
    if (!password) return;
    let current = true;
    // Rated after a pause in typing; the first rating also loads the dictionaries.
    const timer = setTimeout(() => {
      void ratePassword(password, { email, name }).then((rating) => {
        if (current) setRated({ password, rating });
      });
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email, name]);

  const rating = password && rated?.password === password ? rated.rating : null;
  return (
    <div id={id} className="grid min-h-6 gap-1" aria-live="polite" data-testid="password-strength">
      {rating ? (
        <>
          <div className="grid grid-cols-4 gap-1" aria-hidden>
            {SEGMENTS.map((segment) => (
              <span
                key={segment}
                className={cn(
                  'h-1.5 rounded-full',
                  segment <= Math.max(rating.score, 1) ? segmentColour(rating) : 'bg-border',
                )}
              />
            ))}
          </div>
          <p className={cn('text-sm', rating.problem ? 'text-error-strong' : 'text-fg-muted')}>
            {rating.problem === 'passwordPersonal'
              ? t('errors.passwordPersonal')
              : `${t('strength.label')}: ${t(`strength.${rating.score}`)}`}
            {rating.problem === 'passwordCommon' ? `. ${t('strength.hint')}` : null}
          </p>
        </>
      ) : null}
    </div>
  );
}
