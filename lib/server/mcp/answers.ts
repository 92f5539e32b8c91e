import 'server-only';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import type { TokenScope } from '@/lib/schemas/api-token';
import type { TokenOwner } from '@/lib/server/auth/dal';
import { HttpError } from '@/lib/server/http';
import { loggableError, logger } from '@/server/log.mjs';

/** What a tool found or did: a sentence for the assistant, and the figures as data. */
export type ToolAnswer = { summary: string; data: Record<string, unknown> };

/**
 * A call a tool will not carry out as asked, saying why and what to do instead; nothing was
 * written. Thrown anywhere below a tool, answered as a tool error (as HttpError is by handler()).
 */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal';
}

/**
 * Runs a tool's work for a token that has `scope`, and answers it as MCP wants a result: the
 * data as `structuredContent`, and as text too (the summary, then the JSON) for clients that
 * read text only. A refusal, a diary rule's or a missing scope is a tool error (`isError`), which
 * the assistant reads and can act on; so is a bug, logged, without its details.
 */
export async function answer(
  owner: TokenOwner,
  scope: TokenScope,
  work: () => Promise<ToolAnswer>,
): Promise<CallToolResult> {
  if (!owner.scopes.includes(scope))
    return toolError(
      `This token lacks the "${scope}" scope, so nothing was done. The user can make a token with it in the diary's settings.`,
    );
  try {
    const { summary, data } = await work();
    return {
      content: [
        { type: 'text', text: summary },
        { type: 'text', text: JSON.stringify(data) },
      ],
      structuredContent: data,
    };
  } catch (error) {
    return toolError(refusalOf(error));
  }
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function refusalOf(error: unknown): string {
  if (error instanceof ToolRefusal) return error.message;
  // The diary's rules name the field and the limit's key (lib/limits.ts): "kcal: kcalRange".
  if (error instanceof InvalidDataError)
    return `The diary refused this (${error.field}: ${error.messageKey}); nothing was written.`;
  if (error instanceof HttpError) return `The diary refused this (${error.body.error}); nothing was written.`;
  logger.error({ error: loggableError(error) }, 'MCP tool failed');
  return 'The diary could not do this because of an error on its side; try again later.';
}
