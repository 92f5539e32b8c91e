/**
 * A write the diary's rules refuse (a value past a limit of lib/limits.ts, the 501st entry of a
 * day): nothing was written. `field` is the path of the bad value and `messageKey` the key of
 * lib/schemas (kcalRange, entriesPerDay ...), the same for a guest, an account and the server.
 */
export class InvalidDataError extends Error {
  constructor(
    readonly field: string,
    readonly messageKey: string,
  ) {
    super(`invalid: ${field}: ${messageKey}`);
    this.name = 'InvalidDataError';
  }

  /** The first issue of a zod error, as an InvalidDataError. */
  static fromIssues(
    issues: ReadonlyArray<{ path: PropertyKey[] | string; message: string }>,
  ): InvalidDataError {
    const issue = issues[0];
    const path = issue ? (Array.isArray(issue.path) ? issue.path.map(String).join('.') : issue.path) : '';
    return new InvalidDataError(path, issue?.message ?? 'invalid');
  }
}
