'use client';

import { useTranslations } from 'next-intl';
import { openCommandPalette } from '@/components/command-palette/events';
import { Icon } from '@/components/ui/icon';
import { Tooltip } from '@/components/ui/tooltip';

/** Opens the command palette (also Ctrl/Cmd+K). On desktop the side menu has its own search box. */
export function PaletteButton() {
  const t = useTranslations('palette');
  return (
    <Tooltip content={`${t('open')} (Ctrl K)`}>
      <button
        type="button"
        onClick={openCommandPalette}
        aria-label={t('open')}
        className="text-fg-muted hover:bg-muted hover:text-fg grid size-10 cursor-pointer place-items-center rounded-xl text-xl desk:hidden"
      >
        <Icon name="search" />
      </button>
    </Tooltip>
  );
}
