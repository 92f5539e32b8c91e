'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '@/lib/idle';
import type { TooltipImplProps } from './tooltip-impl';

let loaded: ComponentType<TooltipImplProps> | null = null;
let loading: Promise<ComponentType<TooltipImplProps>> | null = null;

function loadTooltip(): Promise<ComponentType<TooltipImplProps>> {
  loading ??= import('./tooltip-impl').then((module) => (loaded = module.TooltipImpl));
  return loading;
}

/**
 * A tooltip on one focusable child (shown on hover and keyboard focus). Radix Tooltip and its
 * positioning engine load once the page is idle, keeping them out of the first load; until
 * then the child renders alone, which only means no tip in the first instant.
 */
export function Tooltip(props: TooltipImplProps) {
  const [Impl, setImpl] = useState<ComponentType<TooltipImplProps> | null>(() => loaded);

  useEffect(() => {
    if (Impl) return;
    let active = true;
    const cancel = whenIdle(() => void loadTooltip().then((component) => active && setImpl(() => component)));
    return () => {
      active = false;
      cancel();
    };
  }, [Impl]);

  return Impl ? <Impl {...props} /> : <>{props.children}</>;
}
