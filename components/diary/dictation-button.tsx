'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** The part of the Web Speech API's SpeechRecognition used here (TypeScript's DOM types lack it). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}
type RecognitionClass = new () => Recognition;

/** The browser's own speech recognition, where it has one (Chrome and Safari prefix it). */
function recognitionClass(): RecognitionClass | null {
  if (typeof window === 'undefined') return null;
  const speech = window as unknown as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition ?? null;
}

const noSubscription = () => () => {};

/**
 * Dictating what was eaten through the browser's speech recognition, in the interface's language
 * (issue 49): each phrase heard is handed to `onText`. Not shown where the browser has none. No
 * audio goes to our server; Chrome sends it to its vendor's service, which the note beside the
 * button says.
 */
export function DictationButton({ onText }: { onText: (text: string) => void }) {
  const t = useTranslations('diary.describe');
  const locale = useLocale();
  const available = useSyncExternalStore(
    noSubscription,
    () => recognitionClass() !== null,
    () => false,
  );
  const [listening, setListening] = useState(false);
  const [failed, setFailed] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const latestOnText = useRef(onText);
  useEffect(() => {
    latestOnText.current = onText;
  }, [onText]);
  // Closing the dialog stops the microphone.
  useEffect(() => () => recognition.current?.abort(), []);

  if (!available) return null;

  function start() {
    const Speech = recognitionClass();
    if (!Speech) return;
    const listener = new Speech();
    listener.lang = locale === 'ru' ? 'ru-RU' : 'en-US';
    listener.interimResults = false;
    listener.continuous = true;
    listener.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        const heard = result[0].transcript.trim();
        if (result.isFinal && heard) latestOnText.current(heard);
      }
    };
    listener.onerror = (event) => {
      // "no-speech" and "aborted" are a pause and a stop, not a failure.
      if (event.error !== 'no-speech' && event.error !== 'aborted') setFailed(true);
    };
    listener.onend = () => {
      setListening(false);
      recognition.current = null;
    };
    setFailed(false);
    try {
      listener.start();
      recognition.current = listener;
      setListening(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          aria-pressed={listening}
          onClick={() => (listening ? recognition.current?.stop() : start())}
        >
          <Icon name={listening ? 'micOff' : 'mic'} className="text-lg" />
          {listening ? t('stopDictation') : t('dictate')}
        </Button>
        {listening ? (
          <span className="text-primary text-sm font-medium" role="status">
            {t('listening')}
          </span>
        ) : null}
      </div>
      <p className="text-fg-muted text-xs">{t('dictationPrivacy')}</p>
      {failed ? (
        <p className="text-error text-sm" role="alert">
          {t('dictationFailed')}
        </p>
      ) : null}
    </div>
  );
}
