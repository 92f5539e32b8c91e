import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WeightDialog } from '@/components/diary/weight-dialog';
import { locales } from '@/lib/i18n/config';
import { fill, messages, renderInDiary } from './render';

const DATE = '2026-12-06';

describe.each(locales)('the weight dialog in %s', (locale) => {
  it('refuses a weight out of range with its message under the field, and keeps what was typed', async () => {
    const onClose = vi.fn();
    const { user } = renderInDiary(<WeightDialog date={DATE} weight={null} onClose={onClose} />, { locale });
    const field = await screen.findByRole('textbox');
    await user.type(field, '5');
    await user.keyboard('{Enter}');
    const kg = (value: number) => fill(messages[locale].units.kg, { value });
    const refusal = fill(messages[locale].diary.limits.weight, { min: kg(20), max: kg(500) });
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('5');
    expect(onClose).not.toHaveBeenCalled();
    expect(localStorage.getItem(`dashboard-${DATE}`)).toBeNull();
  });

  it('reads a decimal comma, saves the day’s weight and closes', async () => {
    const onClose = vi.fn();
    const { user } = renderInDiary(<WeightDialog date={DATE} weight={null} onClose={onClose} />, { locale });
    await user.type(await screen.findByRole('textbox'), '72,5');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(localStorage.getItem(`dashboard-${DATE}`)).toContain('72.5');
  });
});
