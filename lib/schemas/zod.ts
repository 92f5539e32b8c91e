import type * as zod from 'zod';
import {
  array,
  boolean,
  config,
  email,
  enum as zEnum,
  iso,
  literal,
  looseObject,
  null as zNull,
  number,
  object,
  string,
  union,
  unknown,
  url,
  uuid,
} from 'zod';

// The Content-Security-Policy forbids eval. Without this, zod's first object parse would try
// `new Function` to compile a fast parser, and the browser would report a CSP violation before
// zod fell back to the interpreter it then uses anyway.
config({ jitless: true });

/**
 * zod, configured for this app: every module imports it from here.
 *
 * Only the builders the app uses, imported by name. Turbopack does not tree-shake zod's `z`
 * namespace, so `import { z } from 'zod'` put every one of zod's 50 locales (90 kB gzip) into
 * the dashboard's critical path; a named import leaves them out. A builder missing here is
 * added here.
 */
export const z = {
  array,
  boolean,
  email,
  enum: zEnum,
  iso,
  literal,
  looseObject,
  null: zNull,
  number,
  object,
  string,
  union,
  unknown,
  url,
  uuid,
};

/** zod's types under the same name, so `z.infer<typeof schema>` reads as in zod's docs. */
// eslint-disable-next-line @typescript-eslint/no-namespace -- types only, merged with the value above
export declare namespace z {
  export type infer<T> = zod.infer<T>;
  export type input<T> = zod.input<T>;
  export type output<T> = zod.output<T>;
  export type ZodType<Output = unknown, Input = unknown> = zod.ZodType<Output, Input>;
  export type ZodError<T = unknown> = zod.ZodError<T>;
  export type RefinementCtx<T = unknown> = zod.RefinementCtx<T>;
}
