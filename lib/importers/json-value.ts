// The value at a path of parsed JSON: what the readers and the refusal of a diary file both ask.

/** The value at a path of parsed JSON, or undefined where there is none. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
