export type StatTile = { label: string; value: string; hint?: string; testId: string };

/** The figures at the top of the stats page, four across on a wide column, two on a phone. */
export function StatTiles({ tiles, testId }: { tiles: readonly StatTile[]; testId?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 @columns:grid-cols-4" data-testid={testId}>
      {tiles.map((tile) => (
        <div key={tile.testId} className="border-border bg-surface rounded-2xl border p-4 shadow-sm">
          <dt className="text-fg-muted text-xs font-medium">{tile.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={tile.testId}>
            {tile.value}
          </dd>
          {tile.hint ? <dd className="text-fg-muted text-xs">{tile.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
