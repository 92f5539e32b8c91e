import type { IconifyJSON } from '@iconify/types';
import { bundledIcons } from './bundle';
import { ICON_FETCH_TIMEOUT_MS, ICON_MAX_URL_LENGTH, iconPrefixes } from './sets';

/** The app's own icon endpoint: icons never come from a third party unless a fallback is configured. */
export const ICON_ENDPOINT = '/api/icons';

/** The bundled icons grouped as Iconify collections, the shape `IconifyPreload` takes. */
function bundledCollections(): IconifyJSON[] {
  const byPrefix = new Map<string, IconifyJSON>();
  for (const [fullName, data] of Object.entries(bundledIcons)) {
    const [prefix, name] = fullName.split(':') as [string, string];
    const collection = byPrefix.get(prefix) ?? { prefix, icons: {} };
    collection.icons[name] = data;
    byPrefix.set(prefix, collection);
  }
  return [...byPrefix.values()];
}

/** Splits icon names into requests whose URLs stay under the seed's 500-character limit. */
export function chunkIconNames(base: string, names: string[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  for (const name of names) {
    const candidate = [...current, name];
    if (current.length > 0 && `${base}?icons=${candidate.join(',')}`.length > ICON_MAX_URL_LENGTH) {
      chunks.push(current);
      current = [name];
    } else {
      current = candidate;
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Accepts only data in the Iconify API shape for the asked prefix; anything else is rejected. */
export function isIconSetFor(prefix: string, data: unknown): data is IconifyJSON {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as IconifyJSON).prefix === prefix &&
    typeof (data as IconifyJSON).icons === 'object' &&
    (data as IconifyJSON).icons !== null
  );
}

async function fetchIconSet(url: string, prefix: string): Promise<IconifyJSON> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const data: unknown = await response.json();
  if (!isIconSetFor(prefix, data)) throw new Error(`${url} sent invalid icon data`);
  return data;
}

async function loadFrom(base: string, prefix: string, names: string[]): Promise<IconifyJSON> {
  const url = `${base}/${prefix}.json`;
  const parts = await Promise.all(
    chunkIconNames(url, names).map((chunk) => fetchIconSet(`${url}?icons=${chunk.join(',')}`, prefix)),
  );
  return parts.reduce((all, part) => ({ ...all, icons: { ...all.icons, ...part.icons } }), {
    prefix,
    icons: {},
  });
}

/**
 * Prepares `iconify-icon` before it is defined: the bundled icons are preloaded (so the first
 * screen renders without a request) and every icon set loads through the app's own endpoint.
 * A failed load is logged and yields nothing; an optional public API is tried only when set.
 */
export async function setupIcons(fallbackApi?: string): Promise<void> {
  window.IconifyPreload = bundledCollections();
  // Points the default provider at our endpoint too, so no code path reaches the public API.
  window.IconifyProviders = { '': { resources: [new URL(ICON_ENDPOINT, window.location.origin).href] } };
  const { setCustomIconsLoader } = await withIconElementPatched(() => import('iconify-icon'));
  for (const prefix of iconPrefixes) {
    setCustomIconsLoader(async (names) => {
      try {
        return await loadFrom(ICON_ENDPOINT, prefix, names);
      } catch (error) {
        console.error('Failed to load custom icons', error);
        if (!fallbackApi) return null;
        try {
          return await loadFrom(fallbackApi, prefix, names);
        } catch (fallbackError) {
          console.error('Failed to load custom icons', fallbackError);
          return null;
        }
      }
    }, prefix);
  }
}

type IconElementInternals = {
  _shadowRoot?: ShadowRoot;
  _state?: { rendered?: boolean };
  _checkQueued?: boolean;
  _check?: () => void;
  _queueCheck?: () => void;
  _renderIcon?: (...args: unknown[]) => void;
};

/**
 * iconify-icon attaches its shadow root as soon as an element is upgraded, which hides the
 * server-rendered SVG inside it, and draws into the shadow root a task later. Drawing every
 * icon of the page at once, in the task that defines the element, was one long task on a phone's
 * main thread (decision 0012). So the element class is patched as it is defined, before the icons
 * already on the page are upgraded: until an icon is drawn, its shadow root holds a <slot>
 * that keeps showing the server's SVG, and each icon draws in its own small task. Once drawn,
 * a changed icon (the theme switcher's sun and moon) redraws at once. This leans on the
 * component's internals; if they change, the patch is skipped and icons blink on upgrade.
 */
async function withIconElementPatched<T>(load: () => Promise<T>): Promise<T> {
  const define = customElements.define;
  customElements.define = function defineIconPatched(name, constructor, options) {
    if (name === 'iconify-icon') keepServerSvgUntilDrawn(constructor.prototype as IconElementInternals);
    return define.call(customElements, name, constructor, options);
  };
  try {
    return await load();
  } finally {
    customElements.define = define;
  }
}

function keepServerSvgUntilDrawn(proto: IconElementInternals): void {
  const { _check: check, _queueCheck: queueCheck, _renderIcon: renderIcon } = proto;
  if (typeof check !== 'function' || typeof queueCheck !== 'function' || typeof renderIcon !== 'function')
    return;
  proto._queueCheck = function queueCheckShowingServerSvg(this: IconElementInternals) {
    if (this._state?.rendered) {
      this._checkQueued = true;
      check.call(this);
      return;
    }
    const root = this._shadowRoot;
    if (root && !root.querySelector('slot, svg, span')) root.append(document.createElement('slot'));
    queueCheck.call(this);
  };
  proto._renderIcon = function renderIconReplacingSlot(this: IconElementInternals, ...args: unknown[]) {
    renderIcon.apply(this, args);
    this._shadowRoot?.querySelector('slot')?.remove();
  };
}
