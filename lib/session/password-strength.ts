import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { LIMITS } from '@/lib/limits';

/** What stops a new password, as the message keys of `auth.errors`; null when nothing does. */
export type PasswordProblem = 'passwordPersonal' | 'passwordCommon' | null;

/** A new password's score (zxcvbn-ts, 0 to 4) and whether it may be used. */
export type PasswordRating = { score: number; problem: PasswordProblem };

/** Who the password is for: it must not be their email or name. */
export type PasswordOwner = { email?: string; name?: string };

// zxcvbn-ts's common-passwords list is English-centred; these are the favourites of Russian
// speakers (keyboard rows typed in the other layout, transliterations) and of a diary's users.
const MORE_COMMON_PASSWORDS = [
  'йцукен',
  'йцукенгш',
  'йцукенгшщз',
  'фывапролд',
  'ячсмить',
  'пароль',
  'привет',
  'любовь',
  'ghbdtn',
  'gfhjkm',
  'ytrewq',
  'ntcn',
  'zvezda',
  'spartak',
  'zenit',
  'natasha',
  'svetlana',
  'dmitriy',
  'sergey',
  'andrey',
  'alexandr',
  'nikita',
  'marina',
  'caloriediary',
  'calories',
  'diary',
  'weightloss',
  'loseweight',
  'healthy',
  'fitness',
  'kalorii',
  'dieta',
  'диета',
  'калории',
  'дневник',
  'похудение',
];

let factory: Promise<ZxcvbnFactory> | undefined;

// The dictionaries are ~380 kB: loaded when a password is first rated, never with a page.
function loadFactory(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, diary: MORE_COMMON_PASSWORDS },
        graphs: common.adjacencyGraphs,
      }),
  );
  return factory;
}

function personalWords({ email, name }: PasswordOwner): string[] {
  const words = [email, email?.split('@')[0], name].map((word) => word?.trim().toLowerCase());
  return words.filter((word): word is string => !!word);
}

/**
 * Rates a new password the same way in the form (as the user types) and on the server (which
 * decides): the owner's email, its part before the @, or name is refused outright; anything
 * else must score at least LIMITS.passwordScore.min, with those words counted as known to an
 * attacker.
 */
export async function ratePassword(password: string, owner: PasswordOwner): Promise<PasswordRating> {
  const personal = personalWords(owner);
  const zxcvbn = await loadFactory();
  const { score } = zxcvbn.check(password, personal);
  if (personal.includes(password.trim().toLowerCase())) return { score: 0, problem: 'passwordPersonal' };
  return { score, problem: score < LIMITS.passwordScore.min ? 'passwordCommon' : null };
}
