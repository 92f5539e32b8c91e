'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { ShownDayFigures } from '@/lib/diary/day-figures';
import { summarizeDay } from '@/lib/diary/day-summary';
import type { Entry } from '@/lib/schemas/entry';
import { CalmDayCard } from './calm-day-card';
import { DaySummaryCard } from './day-summary-card';
import { useCalm } from '@/lib/hooks/use-calm';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useUnitFormat } from '@/lib/hooks/use-units';

const DayGoalDialog = dynamic(() => import('./day-goal-dialog').then((module) => module.DayGoalDialog), {
  ssr: false,
});

/**
 * The summary card of a day: its totals against its goal (which can be changed for this day)
 * plus the kcal its activity added, and the user's macro targets; in calm mode, its meals.
 */
export function DaySummary({
  date,
  entries,
  figures,
}: {
  date: string;
  entries: readonly Entry[];
  /** What the day shows (dayFigures): totals, goal, what activity added, macro targets. */
  figures: ShownDayFigures;
}) {
  const formatNumber = useFormatNumber();
  const { units, energyNumber } = useUnitFormat();
  const [editingGoal, setEditingGoal] = useState(false);
  const calm = useCalm();
  if (calm) return <CalmDayCard entries={entries} />;
  return (
    <>
      <DaySummaryCard
        figures={summarizeDay(figures, formatNumber, energyNumber)}
        energyUnit={units.energy}
        onEditGoal={() => setEditingGoal(true)}
      />
      {editingGoal ? (
        <DayGoalDialog date={date} goal={figures.goal} onClose={() => setEditingGoal(false)} />
      ) : null}
    </>
  );
}
