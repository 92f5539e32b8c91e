// How the bench's sections sum up and print their figures.

/** The value at `share` (0.95: the 95th percentile) of `values`, nearest rank. */
export const percentile = (values, share) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

/** Bytes as kB (decimal, as Next's build table counts), or a dash for none. */
export const kB = (bytes) => (bytes == null ? '–' : `${(bytes / 1000).toFixed(1)} kB`);
