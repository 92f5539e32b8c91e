import { cn } from '@/lib/ui/cn';

/**
 * A progress bar: `value` from 0 to 1, or left out while how far it got is not known (the bar
 * then pulses). `label` names what is in progress, for screen readers and as the visible line.
 */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value?: number;
  label: string;
  className?: string;
}) {
  const percent = value === undefined ? undefined : Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div className={cn('grid gap-2', className)}>
      <p className="text-sm" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="bg-muted h-2.5 overflow-hidden rounded-full"
      >
        <div
          className={cn(
            'bg-primary h-full rounded-full transition-[width] duration-300',
            percent === undefined && 'w-full animate-pulse opacity-60',
          )}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
