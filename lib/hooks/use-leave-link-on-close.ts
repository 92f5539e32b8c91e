import { useEffect, useRef } from 'react';
import { whenHistorySettled } from '@/lib/navigation/history-layers';

/**
 * A dialog a link opened (?add=lunch, ?weight=1, from a reminder or a shortcut) takes the link's
 * parameter off the URL once it closes, so a reload does not open it again. `leave` replaces
 * the URL; it runs after the commit that closed the dialog, once the dialog's history entry is
 * gone: replacing the URL before that would rewrite the entry itself, and Back would land on the
 * link and open the dialog again.
 */
export function useLeaveLinkOnClose(open: boolean, fromLink: boolean, leave: () => void) {
  const wasOpen = useRef(open);
  const latestLeave = useRef(leave);
  useEffect(() => {
    latestLeave.current = leave;
  });
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (closed && fromLink) void whenHistorySettled().then(() => latestLeave.current());
  }, [open, fromLink]);
}
