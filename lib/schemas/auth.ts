import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { limitedText } from './common';

/**
 * Account credentials. The messages are keys of `auth.errors` in messages/*.json, so the
 * form shows them in the user's language and the API answers them as codes.
 */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(LIMITS.emailLength.max, 'emailInvalid')),
  z
    .email('emailInvalid')
    .check(z.refine((email) => email.split('@')[0]!.length <= LIMITS.emailLocalPart.max, 'emailInvalid')),
);
export const passwordSchema = z
  .string()
  .check(
    z.minLength(LIMITS.passwordLength.min, 'passwordLength'),
    z.maxLength(LIMITS.passwordLength.max, 'passwordLength'),
  );
export const nameSchema = limitedText(LIMITS.userNameLength, 'nameLength');

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export const registerSchema = z.extend(loginSchema, { name: z.optional(nameSchema) });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
