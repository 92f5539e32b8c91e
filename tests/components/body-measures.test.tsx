import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { MeasuresCard } from '@/components/diary/measures-card';
import { MeasuresDialog } from '@/components/diary/measures-dialog';
import { loadRepository } from '@/lib/data';
import { measuresOf } from '@/lib/diary/body-measures';
import { locales } from '@/lib/i18n/config';
import { useDay } from '@/lib/data';
import { fill, messages, renderInDiary } from './render';

const DATE = '2026-12-07';
const storedDetails = () => JSON.parse(localStorage.getItem(`dashboard-${DATE}`) ?? '{}').details;

/** The card as the dashboard gives it its day's measurements. */
function MeasuresOfTheDay() {
  const day = useDay(DATE);
  return <MeasuresCard date={DATE} measures={measuresOf(day.data?.details)} />;
}

describe.each(locales)("the day's body measurements in %s", (locale) => {
  const t = messages[locale].diary.measures;
  const units = messages[locale].units;
  const label = (measure: keyof typeof t.names, unit: string) =>
    fill(t.fieldLabel, { name: t.names[measure], unit });

  it('are typed in cm and percent, a decimal comma read, and shown on the card', async () => {
    const { user } = renderInDiary(<MeasuresOfTheDay />, { locale });
    expect(screen.getByTestId('day-measures').textContent).toBe('—');
    await user.click(screen.getByRole('button', { name: t.log }));
    await user.type(await screen.findByRole('textbox', { name: label('waist', units.names.cm) }), '82,5');
    await user.type(screen.getByRole('textbox', { name: label('bodyFat', '%') }), '18');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(storedDetails()).toEqual({ waist: 82.5, bodyFat: 18 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const shown = screen.getByTestId('day-measures').textContent!;
    expect(shown).toContain(t.names.waist);
    expect(shown).toMatch(locale === 'ru' ? /82,5 см/ : /82\.5 cm/);
    expect(shown).toMatch(/18\s?%/);
  });

  it('say what to change under a field, and write nothing until every field reads', async () => {
    const { user } = renderInDiary(<MeasuresOfTheDay />, { locale });
    await user.click(screen.getByRole('button', { name: t.log }));
    const waist = await screen.findByRole('textbox', { name: label('waist', units.names.cm) });
    await user.type(waist, '800');
    await user.type(screen.getByRole('textbox', { name: label('neck', units.names.cm) }), 'abc');
    await user.type(screen.getByRole('textbox', { name: label('bodyFat', '%') }), '90');
    await user.click(screen.getByRole('button', { name: t.save }));
    const cm = (value: number) => fill(units.cm, { value });
    expect(
      screen.getByText(fill(messages[locale].diary.limits.circumference, { min: cm(10), max: cm(300) })),
    ).toBeTruthy();
    expect(screen.getByText(messages[locale].diary.typed.notNumber)).toBeTruthy();
    expect(screen.getByText(/75\s?%/)).toBeTruthy();
    expect(waist.getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem(`dashboard-${DATE}`)).toBeNull();
    // Mended, the message goes at once and Save writes.
    await user.clear(waist);
    await user.type(waist, '80');
    expect(waist.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('body measurements in inches (a US browser)', () => {
  const t = messages.en.diary.measures;
  const inches = (measure: keyof typeof t.names) =>
    fill(t.fieldLabel, { name: t.names[measure], unit: 'in' });

  it('are stored in cm, shown in inches, and a figure not touched is not rewritten by its rounding', async () => {
    const { user } = renderInDiary(<MeasuresOfTheDay />, { language: 'en-US' });
    await user.click(screen.getByRole('button', { name: t.log }));
    await user.type(await screen.findByRole('textbox', { name: inches('waist') }), '32.52');
    await user.click(screen.getByRole('button', { name: t.save }));
    // 32.52 in is 82.6008 cm, kept exact; the card shows it as 32.5 in.
    await waitFor(() => expect(storedDetails()).toEqual({ waist: 32.52 * 2.54 }));
    await waitFor(() => expect(screen.getByTestId('day-measures').textContent).toBe('Waist 32.5 in'));
    await user.click(screen.getByRole('button', { name: t.log }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: inches('waist') })).value).toBe(
      '32.5',
    );
    await user.type(screen.getByRole('textbox', { name: inches('hips') }), '40');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(storedDetails()).toEqual({ waist: 32.52 * 2.54, hips: 40 * 2.54 }));
    // Emptied, a measure is removed; the others stay.
    await user.click(screen.getByRole('button', { name: t.log }));
    await user.clear(await screen.findByRole('textbox', { name: inches('waist') }));
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(storedDetails()).toEqual({ hips: 40 * 2.54 }));
  });
});

describe('a measure another device changes while the dialog is open', () => {
  const t = messages.en.diary.measures;

  /** The dialog as the card gives it the day's measures, which another device changes on a tap here. */
  function Harness() {
    const [measures, setMeasures] = useState<{ waist: number }>({ waist: 80 });
    return (
      <>
        <button
          type="button"
          onClick={async () => {
            const repository = await loadRepository();
            await repository.changeDay(DATE, { kind: 'setDetails', details: { waist: 79 } });
            setMeasures({ waist: 79 });
          }}
        >
          other device
        </button>
        <MeasuresDialog date={DATE} measures={measures} onClose={() => {}} />
      </>
    );
  }

  it('is not written back over when another measure is saved', async () => {
    await (await loadRepository()).changeDay(DATE, { kind: 'setDetails', details: { waist: 80 } });
    const { user } = renderInDiary(<Harness />);
    const hips = await screen.findByRole('textbox', {
      name: fill(t.fieldLabel, { name: t.names.hips, unit: 'cm' }),
    });
    // Behind the modal dialog, as another device is: clicked without the pointer.
    fireEvent.click(screen.getByRole('button', { name: 'other device', hidden: true }));
    await waitFor(() => expect(storedDetails()).toEqual({ waist: 79 }));
    await user.type(hips, '100');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(storedDetails()).toEqual({ waist: 79, hips: 100 }));
  });
});
