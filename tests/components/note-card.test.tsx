import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoteCard } from '@/components/diary/note-card';
import { locales } from '@/lib/i18n/config';
import { useDay } from '@/lib/data';
import { LIMITS } from '@/lib/limits';
import { fill, messages, renderInDiary } from './render';

const DATE = '2026-12-07';
const stored = () => localStorage.getItem(`dashboard-${DATE}`);

/** The card as the dashboard gives it its day's note. */
function NoteOfTheDay() {
  const day = useDay(DATE);
  return <NoteCard date={DATE} note={day.data?.details?.note ?? ''} />;
}

describe.each(locales)("the day's note in %s", (locale) => {
  const t = messages[locale].diary.note;

  it('is written in place, saved trimmed with Ctrl+Enter, and shown on the day', async () => {
    const { user } = renderInDiary(<NoteOfTheDay />, { locale });
    await waitFor(() => expect(screen.getByTestId('day-note').textContent).toBe(t.none));
    await user.click(screen.getByRole('button', { name: t.add }));
    const box = screen.getByRole('textbox', { name: t.label });
    await user.type(box, '  Ate late; slept 6 h.  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(JSON.parse(stored()!).details).toEqual({ note: 'Ate late; slept 6 h.' });
    expect(screen.getByTestId('day-note').textContent).toBe('Ate late; slept 6 h.');
  });

  it('keeps a note past the limit whole in the box, says by how much, and saves nothing', async () => {
    renderInDiary(<NoteCard date={DATE} note="kept" />, { locale });
    fireEvent.click(screen.getByRole('button', { name: t.edit }));
    const box = screen.getByRole('textbox', { name: t.label }) as HTMLTextAreaElement;
    const pasted = 'x'.repeat(100_000);
    fireEvent.change(box, { target: { value: pasted } });
    const over = (100_000 - LIMITS.dayNoteLength.max).toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-IE');
    const max = LIMITS.dayNoteLength.max.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-IE');
    expect(screen.getByRole('alert').textContent).toBe(fill(t.tooLong, { max, over }));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: t.save }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box.value).toHaveLength(100_000);
    expect(stored()).toBeNull();
  });

  it('Escape leaves the note as it was; an emptied note is removed', async () => {
    const { user } = renderInDiary(<NoteCard date={DATE} note="" />, { locale });
    await user.click(screen.getByRole('button', { name: t.add }));
    await user.type(screen.getByRole('textbox', { name: t.label }), 'draft');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(stored()).toBeNull();
    await user.click(screen.getByRole('button', { name: t.add }));
    await user.type(screen.getByRole('textbox', { name: t.label }), 'Fasted');
    await user.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(JSON.parse(stored()!).details).toEqual({ note: 'Fasted' }));
  });
});
