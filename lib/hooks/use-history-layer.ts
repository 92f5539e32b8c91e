'use client';

import { useEffect, useRef } from 'react';
import { pushLayer } from '@/lib/navigation/history-layers';

/**
 * While `active`, the component holds an entry in the browser's history: Back runs `onBack`
 * (close the dialog, return to the previous step) instead of leaving the page.
 */
export function useHistoryLayer(active: boolean, onBack: () => void): void {
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });
  useEffect(() => {
    if (!active) return;
    return pushLayer(() => onBackRef.current());
  }, [active]);
}
