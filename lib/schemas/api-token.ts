import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { limitedText, timestampSchema } from './common';

/** What a personal access token may do: read (GET), write (POST, PUT, PATCH), delete (DELETE). */
export const tokenScopes = ['read', 'write', 'delete'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** POST /api/tokens: a name, at least one scope, and the days it lives (null: until revoked). */
export const tokenCreateSchema = z.object({
  name: limitedText(LIMITS.tokenNameLength, 'tokenNameLength'),
  scopes: z
    .array(z.enum(tokenScopes, 'tokenScopes'))
    .check(z.minLength(1, 'tokenScopes'), z.maxLength(tokenScopes.length, 'tokenScopes')),
  days: z.nullable(
    z
      .int('tokenDaysRange')
      .check(z.gte(LIMITS.tokenDays.min, 'tokenDaysRange'), z.lte(LIMITS.tokenDays.max, 'tokenDaysRange')),
  ),
});
export type TokenCreate = z.infer<typeof tokenCreateSchema>;

/** A token as listed: never the token itself. */
export const tokenInfoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(tokenScopes)),
  createdAt: timestampSchema,
  expiresAt: z.nullable(timestampSchema),
  lastUsedAt: z.nullable(timestampSchema),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** The answer to POST /api/tokens: the token, this once, and its record. */
export const tokenCreatedSchema = z.object({ token: z.string(), info: tokenInfoSchema });

/** /api/tokens/{id}. */
export const tokenParamsSchema = z.object({ id: z.uuid('idInvalid') });
