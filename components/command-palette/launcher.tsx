'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { OPEN_PALETTE_EVENT } from './events';

// The palette (cmdk and its dialog) loads on first use, keeping it out of every page's first load.
const CommandPalette = dynamic(() => import('./command-palette').then((module) => module.CommandPalette), {
  ssr: false,
});

/** Listens for Ctrl/Cmd+K and the open event; mounts the palette once it is first asked for. */
export function CommandPaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        setWanted(true);
        setOpen((current) => !current);
      }
    }
    function onOpen() {
      setWanted(true);
      setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener(OPEN_PALETTE_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(OPEN_PALETTE_EVENT, onOpen);
    };
  }, []);

  return wanted ? <CommandPalette open={open} onOpenChange={setOpen} /> : null;
}
