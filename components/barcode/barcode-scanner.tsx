'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { checkBarcode } from '@/lib/barcode/check';
import { createFrameDetector, type FrameDetector } from '@/lib/barcode/detector';

type Status = 'starting' | 'scanning' | 'denied' | 'noCamera' | 'unsupported' | 'cameraError';

/** How often a frame is read: often enough to feel instant, rarely enough to leave a phone cool. */
const FRAME_INTERVAL_MS = 120;

function cameraProblem(error: unknown): Status {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'cameraError';
}

/**
 * The camera preview (the rear camera where there is one) that reads barcodes from its frames
 * and reports the first valid one, once. Every camera track stops when it unmounts: when a code
 * is found, when the step changes, when the dialog closes.
 */
export function BarcodeScanner({ onDetected }: { onDetected: (barcode: string) => void }) {
  const t = useTranslations('barcode');
  const videoRef = useRef<HTMLVideoElement>(null);
  const onDetectedRef = useRef(onDetected);
  const [status, setStatus] = useState<Status>('starting');
  const [path, setPath] = useState<FrameDetector['path'] | null>(null);

  useEffect(() => {
    onDetectedRef.current = onDetected;
  }, [onDetected]);

  useEffect(() => {
    const video = videoRef.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopCamera = () => {
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      if (video) video.srcObject = null;
    };

    async function start() {
      if (!video || !navigator.mediaDevices?.getUserMedia) {
        setStatus('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!stopped) setStatus(cameraProblem(error));
        return;
      }
      if (stopped) {
        stopCamera();
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      // The detector (and, without a native one, its WebAssembly) loads while the preview runs.
      let detector: FrameDetector;
      try {
        detector = await createFrameDetector();
      } catch {
        if (!stopped) setStatus('cameraError');
        stopCamera();
        return;
      }
      if (stopped) return;
      setPath(detector.path);
      // Which reader ran, for the e2e report and for anyone debugging a scan on a phone.
      document.documentElement.dataset.scanDetector = detector.path;
      setStatus('scanning');
      const readFrame = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const codes = await detector.detect(video).catch(() => [] as string[]);
          if (stopped) return;
          for (const code of codes) {
            const check = checkBarcode(code);
            if (check.ok) {
              performance.mark('scan:detected');
              stopped = true;
              onDetectedRef.current(check.barcode);
              return;
            }
          }
        }
        timer = setTimeout(readFrame, FRAME_INTERVAL_MS);
      };
      void readFrame();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    };
  }, []);

  const problem = status !== 'starting' && status !== 'scanning';
  return (
    <div data-testid="barcode-scanner" data-status={status} data-detector={path ?? undefined}>
      <div
        className={
          problem
            ? 'hidden'
            : 'relative aspect-[4/3] overflow-hidden rounded-2xl bg-slate-900 ring-1 ring-black/5 dark:ring-white/10'
        }
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('camera')}
          className="absolute inset-0 size-full object-cover"
        />
        {/* The frame to aim with; everything around it is dimmed. */}
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-[12%] top-1/2 h-[42%] -translate-y-1/2 rounded-2xl border-2 border-white/90 shadow-[0_0_0_100vmax_rgba(2,6,23,0.45)]"
        >
          {status === 'scanning' ? (
            <div className="bg-primary absolute inset-x-3 top-1/2 h-0.5 -translate-y-1/2 animate-pulse rounded-full shadow-[0_0_12px_2px] shadow-green-400/70" />
          ) : null}
        </div>
        <p
          aria-live="polite"
          className="absolute inset-x-0 bottom-3 mx-auto w-fit max-w-[90%] rounded-full bg-slate-950/65 px-3 py-1 text-center text-xs font-medium text-white backdrop-blur-sm"
        >
          {status === 'scanning' ? t('hint') : t('starting')}
        </p>
      </div>
      {problem ? (
        <div
          role="status"
          className="border-border bg-muted/60 flex items-start gap-3 rounded-2xl border border-dashed px-4 py-4 text-sm"
        >
          <Icon name="cameraOff" className="text-fg-muted mt-0.5 shrink-0 text-xl" />
          <p>{t(status)}</p>
        </div>
      ) : null}
    </div>
  );
}
