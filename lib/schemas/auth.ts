import { z } from '@/lib/schemas/zod';

/**
 * Account credentials. The messages are keys of `auth.errors` in messages/*.json, so the
 * form shows them in the user's language and the API answers them as codes.
 */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'));
export const passwordSchema = z.string().min(8, 'passwordLength').max(256, 'passwordLength');
export const nameSchema = z.string().trim().max(80, 'nameLength');

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export const registerSchema = loginSchema.extend({ name: nameSchema.optional() });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
