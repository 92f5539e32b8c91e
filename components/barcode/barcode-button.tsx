'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** "Scan barcode", beside Quick add in the add-food dialog: opens its barcode step (decision 0017). */
export function BarcodeButton({ onClick }: { onClick: () => void }) {
  const t = useTranslations('barcode');
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={onClick}
      className="flex-1 justify-start whitespace-nowrap"
      data-testid="scan-barcode"
    >
      <Icon name="scan" className="text-lg" />
      {t('button')}
    </Button>
  );
}
