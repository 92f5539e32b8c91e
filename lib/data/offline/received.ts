import type { Day } from '@/lib/schemas/day';
import type { Food } from '@/lib/schemas/food';
import { changedElsewhere } from '../entry-versions';
import type { AccountStore } from './account-store';
import { dateOf, entryOf, remapFood, remapFoodInDay, showOnTop } from './operations';

// What the outbox (./outbox.ts) keeps of the server's answers: a day as the server has it with the
// changes still waiting shown on top, and the real id of a food made offline.

/**
 * Keeps the server's copy of a day, with the changes queued after `afterSeq` still waiting for it
 * shown on top. A waiting change of an entry that the server's copy shows changed by someone else
 * meanwhile is a conflict, found here before it is sent.
 */
export async function keepReceivedDay(store: AccountStore, day: Day, afterSeq: number): Promise<void> {
  let shown = day;
  for (const operation of await store.outbox()) {
    if (operation.seq <= afterSeq || dateOf(operation) !== day.date) continue;
    const mine = entryOf(operation);
    if (mine && operation.state === 'queued' && operation.kind === 'changeDay' && operation.base) {
      // Against the server's copy with the earlier waiting changes on top: an edit of an entry
      // this device made offline is no conflict with that entry not being there yet.
      const theirs = shown.entries.find((entry) => entry.id === mine.id) ?? null;
      if (changedElsewhere(theirs, operation.base.entry, mine)) {
        await store.updateOperation({ ...operation, state: 'conflict', theirs });
        continue;
      }
    }
    if (operation.state !== 'failed') shown = showOnTop(shown, operation);
  }
  await store.putDay(day.date, shown);
}

/** The server gave a food created offline (`tempId`) its id: every reference to it moves. */
export async function moveTempFood(store: AccountStore, tempId: number, food: Food): Promise<void> {
  for (const operation of await store.outbox()) {
    const remapped = remapFood(operation, tempId, food.id);
    if (remapped !== operation) await store.updateOperation(remapped);
  }
  const foods = (await store.foods()) ?? [];
  await store.putFoods(foods.map((candidate) => (candidate.id === tempId ? food : candidate)));
  for (const stored of await store.allDays()) {
    const remapped = remapFoodInDay(stored, tempId, food.id);
    if (remapped !== stored) await store.putDay(stored.date, remapped);
  }
}
