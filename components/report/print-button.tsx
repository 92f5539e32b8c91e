'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** Opens the browser's print dialog, which also saves a PDF; not printed itself. */
export function PrintButton({ disabled = false }: { disabled?: boolean }) {
  const t = useTranslations('report');
  return (
    <Button type="button" className="w-fit print:hidden" disabled={disabled} onClick={() => window.print()}>
      <Icon name="printer" />
      {t('print')}
    </Button>
  );
}
