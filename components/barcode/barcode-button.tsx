'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { ACTION_CLASS, ACTION_LABEL } from '@/components/diary/add-actions';

/** "Scan barcode", beside Quick add in the add-food dialog: opens its barcode step (decision 0017). */
export function BarcodeButton({ onClick }: { onClick: () => void }) {
  const t = useTranslations('barcode');
  return (
    <Button
      type="button"
      variant="secondary"
      size="wrap"
      onClick={onClick}
      className={ACTION_CLASS}
      data-testid="scan-barcode"
    >
      <Icon name="scan" className="shrink-0 text-lg" />
      <span className={ACTION_LABEL}>{t('button')}</span>
    </Button>
  );
}
