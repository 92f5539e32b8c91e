import type { ZodMiniNullable, ZodMiniOptional, ZodMiniType } from 'zod/mini';
import type * as core from 'zod/v4/core';
import {
  _default,
  array,
  boolean,
  config,
  discriminatedUnion,
  email,
  enum as zEnum,
  extend,
  gte,
  int,
  iso,
  literal,
  looseObject,
  lte,
  maxLength,
  minLength,
  null as zNull,
  nullable,
  number,
  object,
  optional,
  overwrite,
  partial,
  pipe,
  positive,
  record,
  refine,
  regex,
  strictObject,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  union,
  unknown,
  url,
  uuid,
} from 'zod/mini';

// The Content-Security-Policy forbids eval. Without this, zod's first object parse would try
// `new Function` to compile a fast parser, and the browser would report a CSP violation before
// zod fell back to the interpreter it then uses anyway.
config({ jitless: true });

/**
 * zod, configured for this app: every module imports it from here.
 *
 * Zod Mini, the functional API (`z.optional(schema)`, `schema.check(z.maxLength(5))`): the same
 * validation core as classic zod at a third of its size, and its schemas are cheap to build, which
 * matters because every schema of the app is built while the dashboard loads. The builders are
 * imported by name because Turbopack does not tree-shake zod's `z` namespace (it would ship every
 * one of zod's 50 locales); a builder missing here is added here.
 */
export const z = {
  _default,
  array,
  boolean,
  discriminatedUnion,
  email,
  enum: zEnum,
  extend,
  gte,
  int,
  iso,
  literal,
  looseObject,
  lte,
  maxLength,
  minLength,
  null: zNull,
  nullable,
  number,
  object,
  optional,
  overwrite,
  partial,
  pipe,
  positive,
  record,
  refine,
  regex,
  strictObject,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  union,
  unknown,
  url,
  uuid,
};

/** zod's types under the same name, so `z.infer<typeof schema>` reads as in zod's docs. */
// eslint-disable-next-line @typescript-eslint/no-namespace -- types only, merged with the value above
export declare namespace z {
  export type infer<T> = core.output<T>;
  export type input<T> = core.input<T>;
  export type output<T> = core.output<T>;
  export type ZodType<Output = unknown, Input = unknown> = ZodMiniType<Output, Input>;
  export type ZodError<T = unknown> = core.$ZodError<T>;
  export type RefinementCtx<T = unknown> = core.$RefinementCtx<T>;
  export type ZodOptional<T extends core.SomeType> = ZodMiniOptional<T>;
  export type ZodNullable<T extends core.SomeType> = ZodMiniNullable<T>;
}
