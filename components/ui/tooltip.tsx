'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '@/lib/browser/idle';
import type { TooltipImplProps } from './tooltip-impl';

let loaded: ComponentType<TooltipImplProps> | null = null;
let loading: Promise<ComponentType<TooltipImplProps>> | null = null;

function loadTooltip(): Promise<ComponentType<TooltipImplProps>> {
  loading ??= whenTooltipsCanShow().then(() =>
    import('./tooltip-impl').then((module) => (loaded = module.TooltipImpl)),
  );
  return loading;
}

/**
 * Resolves when tooltips can be of use: at the first idle moment on a device with a pointer that
 * hovers; on a touch screen (no hover, and Radix does not open tooltips on touch) only once a
 * mouse appears or the Tab key is used, so a phone never spends time mounting them.
 */
function whenTooltipsCanShow(): Promise<void> {
  return new Promise((resolve) => {
    const hover = window.matchMedia('(hover: hover)');
    if (hover.matches) {
      whenIdle(resolve);
      return;
    }
    const start = () => {
      hover.removeEventListener('change', onHoverChange);
      window.removeEventListener('keydown', onKeyDown);
      whenIdle(resolve);
    };
    const onHoverChange = () => hover.matches && start();
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Tab' && start();
    hover.addEventListener('change', onHoverChange);
    window.addEventListener('keydown', onKeyDown);
  });
}

/**
 * A tooltip on one focusable child (shown on hover and keyboard focus). Radix Tooltip and its
 * positioning engine load once tooltips can show (see whenTooltipsCanShow), keeping them out of
 * the first load; until then the child renders alone, which only means no tip in that instant.
 */
export function Tooltip(props: TooltipImplProps) {
  const [Impl, setImpl] = useState<ComponentType<TooltipImplProps> | null>(() => loaded);

  useEffect(() => {
    if (Impl) return;
    let active = true;
    void loadTooltip().then((component) => active && setImpl(() => component));
    return () => {
      active = false;
    };
  }, [Impl]);

  return Impl ? <Impl {...props} /> : <>{props.children}</>;
}
