'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useChangeDay, useSettings } from '@/lib/data';
import { DEFAULT_WATER_GLASS_ML, DEFAULT_WATER_GOAL_ML } from '@/lib/diary/defaults';
import { LIMITS } from '@/lib/limits';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { toast } from '@/lib/ui/toast-store';
import { startTypingBuffer, stopTypingBuffer } from '@/lib/ui/typing-buffer';
import { useOnDemand } from '@/lib/hooks/use-on-demand';
import { DayFigureCard, GoalBar } from './day-figure-card';

// The typed amount (Radix Popover and its positioning) loads on the first tap; the digits typed
// meanwhile are kept (lib/ui/typing-buffer).
const loadAmountPopover = () => import('./water-amount-popover');
const WaterAmountPopover = dynamic(() => loadAmountPopover().then((module) => module.WaterAmountPopover), {
  ssr: false,
});

/**
 * The day's water: what was drunk against the goal, a glass more with one tap (its size is a
 * setting), a glass less to take back a tap, or any amount typed (a bottle). Taps in quick
 * succession each count: the next amount is worked out from the one still being saved, not from
 * the day as last read.
 */
export function WaterCard({ date, water }: { date: string; water: number }) {
  const t = useTranslations('diary.water');
  const { volume } = useUnitFormat();
  const refusalMessage = useRefusalMessage();
  const settings = useSettings();
  const changeDay = useChangeDay();
  const glass = settings.data?.waterGlass ?? DEFAULT_WATER_GLASS_ML;
  const goal = settings.data ? settings.data.waterGoal : DEFAULT_WATER_GOAL_ML;
  // What the user asked shows at once, before the store has answered.
  const asked = changeDay.isPending && changeDay.variables.date === date ? changeDay.variables.change : null;
  const shown = asked?.kind === 'setWater' ? asked.water : water;
  const typeTrigger = useRef<HTMLButtonElement>(null);
  const [typing, setTyping] = useState(false);
  const [typingWanted, setTypingWanted] = useState(false);
  const typingLoaded = useOnDemand(typingWanted, loadAmountPopover, () => {
    stopTypingBuffer();
    setTyping(false);
    setTypingWanted(false);
  });

  function save(next: number) {
    const water = Math.min(Math.max(next, LIMITS.waterMl.min), LIMITS.waterMl.max);
    changeDay.mutate(
      { date, change: { kind: 'setWater', water } },
      { onError: (failure) => toast({ title: refusalMessage(failure), variant: 'error' }) },
    );
  }

  return (
    <DayFigureCard
      name="water"
      icon="water"
      iconClassName="bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300"
      label={t('title')}
      figure={volume(shown)}
      actions={
        <div className="flex shrink-0 items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('less', { glass: volume(glass) })}
            disabled={shown === 0}
            onClick={() => save(shown - glass)}
          >
            <Icon name="minus" />
          </Button>
          <Button
            ref={typeTrigger}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('type')}
            aria-haspopup="dialog"
            aria-expanded={typing}
            disabled={shown >= LIMITS.waterMl.max}
            onClick={() => {
              if (!typing) startTypingBuffer({ inputMode: 'decimal' });
              setTypingWanted(true);
              setTyping(!typing);
            }}
          >
            <Icon name="pencil" />
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            aria-label={t('more', { glass: volume(glass) })}
            disabled={shown >= LIMITS.waterMl.max}
            onClick={() => save(shown + glass)}
          >
            <Icon name="plus" />
            {volume(glass)}
          </Button>
          {typingWanted && typingLoaded ? (
            <WaterAmountPopover
              open={typing}
              onOpenChange={setTyping}
              anchorRef={typeTrigger}
              drunk={shown}
              onAdd={(ml) => save(shown + ml)}
            />
          ) : null}
        </div>
      }
      footer={
        // The bar and the goal's line, or nothing without a goal: the footer keeps its room.
        goal ? (
          <GoalBar
            name="water"
            label={t('progress')}
            value={shown}
            goal={goal}
            valueText={t('ofGoal', { drunk: volume(shown), goal: volume(goal) })}
            goalText={t('goal', { goal: volume(goal) })}
            fillClassName="bg-secondary"
          />
        ) : null
      }
    />
  );
}
