import { bundledIcons } from '@/lib/icons/bundle';
import { icons, type IconKey } from '@/lib/icons/names';

type IconProps = {
  /** A key of the app's icon table, or any `prefix:name` of the served sets. */
  name: IconKey | `${string}:${string}`;
  className?: string;
  /** Give a label only when the icon stands alone and means something; otherwise it is hidden from screen readers. */
  label?: string;
};

/**
 * An icon drawn by the `iconify-icon` web component. Icons of the app's table also carry their
 * SVG inline, so the server-rendered page shows them before any script runs (no pop-in); the
 * component takes over with the same data once it is defined.
 */
export function Icon({ name, className, label }: IconProps) {
  const iconName = name in icons ? icons[name as IconKey] : name;
  const svg = bundledIcons[iconName];
  return (
    <iconify-icon
      icon={iconName}
      // Without this, each icon watches its own visibility and empties itself while off screen;
      // a missed "visible again" left an on-screen icon blank. Our icons are small and static.
      noobserver
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-slot="icon"
    >
      {svg ? (
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox={`0 0 ${svg.width} ${svg.height}`}
          dangerouslySetInnerHTML={{ __html: svg.body }}
        />
      ) : null}
    </iconify-icon>
  );
}
