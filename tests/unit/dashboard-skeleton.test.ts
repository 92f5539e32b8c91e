import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DashboardColumns } from '@/components/diary/dashboard-columns';
import { DashboardSkeleton } from '@/components/diary/skeletons';

const marker = (id: string) => createElement('i', { id });

describe('the dashboard columns in the document', () => {
  it('the view sends the meals first, for the keyboard; the day still shows above them by CSS', () => {
    const html = renderToStaticMarkup(
      createElement(DashboardColumns, { day: marker('day'), meals: marker('meals') }),
    );
    expect(html.indexOf('id="meals"')).toBeLessThan(html.indexOf('id="day"'));
  });

  it('the skeleton sends the day first, so HTML arriving in parts never paints the meals too high', () => {
    const html = renderToStaticMarkup(createElement(DashboardSkeleton, { summary: marker('summary') }));
    const firstMeal = html.indexOf('h-[4.875rem]');
    expect(firstMeal).toBeGreaterThan(0);
    expect(html.indexOf('id="summary"')).toBeGreaterThan(0);
    expect(html.indexOf('id="summary"')).toBeLessThan(firstMeal);
  });
});
