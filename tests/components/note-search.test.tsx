import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoteSearch } from '@/components/stats/note-search';
import { loadRepository } from '@/lib/data';
import { locales } from '@/lib/i18n/config';
import { fill, messages, renderInDiary } from './render';

// The stats page's search of the period's notes (issue 52): a day's note found by any of its
// words, whatever their case, newest first, each opening its day.
const notes: Record<string, string> = {
  '2026-11-02': 'Ужин в гостях, оливье на глаз',
  '2026-11-05': 'Gym day. Ate LATE.',
  '2026-11-09': 'Slept badly; late snack',
};

async function writeNotes(): Promise<void> {
  const repository = await loadRepository();
  for (const [date, note] of Object.entries(notes))
    await repository.changeDay(date, { kind: 'setDetails', details: { note } });
}

describe.each(locales)('the search of notes on the stats page, in %s', (locale) => {
  const t = messages[locale].stats.notes;

  it('reads the days only once asked, then lists the matching notes, newest first, linked to their days', async () => {
    await writeNotes();
    renderInDiary(<NoteSearch from="2026-11-01" to="2026-11-30" />, { locale });
    expect(screen.getByText(t.hint)).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: t.search });
    fireEvent.focus(box);
    const results = await screen.findByTestId('note-results');
    expect(
      within(results)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard?date=2026-11-09', '/dashboard?date=2026-11-05', '/dashboard?date=2026-11-02']);
    fireEvent.change(box, { target: { value: 'late' } });
    await waitFor(() => expect(within(results).getAllByRole('link')).toHaveLength(2));
    expect(
      within(results)
        .getAllByText(/late/i, { selector: 'mark' })
        .map((mark) => mark.textContent),
    ).toEqual(['late', 'LATE']);
    fireEvent.change(box, { target: { value: 'ОЛИВЬЕ' } });
    await waitFor(() => expect(within(results).getAllByRole('link')).toHaveLength(1));
    fireEvent.change(box, { target: { value: 'pizza' } });
    expect(await screen.findByText(t.noMatch)).toBeTruthy();
  });

  it('says when the period has no note, and when it is too long to search', async () => {
    const { unmount } = renderInDiary(<NoteSearch from="2025-01-01" to="2025-01-31" />, { locale });
    fireEvent.focus(screen.getByRole('searchbox', { name: t.search }));
    expect(await screen.findByText(t.none)).toBeTruthy();
    unmount();
    renderInDiary(<NoteSearch from="2024-01-01" to="2025-06-30" />, { locale });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByText(fill(t.upToYear, { days: '366' }))).toBeTruthy();
  });
});
