import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Day } from '@/lib/schemas/day';
import type { Food } from '@/lib/schemas/food';
import { settingsSchema, type Settings } from '@/lib/schemas/settings';
import { fromStored, type QueuedOperation, type StoredOperation } from './operations';

/**
 * What an account has seen of its own data, and the changes it made that the server has not
 * taken yet, kept in this browser's IndexedDB in a database of the account's own
 * (`diary-account-{userId}`): another account on the same browser opens another database and
 * never reads this one.
 */
interface AccountSchema extends DBSchema {
  /** `day:YYYY-MM-DD` (null: the server had no such day), `foods`, `settings`. */
  records: { key: string; value: Day | null | Food[] | Settings };
  /** Changes in the order they were made; `seq` is that order. */
  outbox: { key: number; value: StoredOperation };
}

export const DAY_PREFIX = 'day:';
export const FOODS_KEY = 'foods';
export const SETTINGS_KEY = 'settings';

const dayKey = (date: string) => `${DAY_PREFIX}${date}`;

/**
 * A day as kept here, by this build or an earlier one: the fields a later build added read as
 * their schema's defaults (no water, no activities), as they would from the server.
 */
const keptDay = (day: Day): Day =>
  day.water === undefined || day.activities === undefined
    ? { ...day, water: day.water ?? 0, activities: day.activities ?? [] }
    : day;

export function accountDatabaseName(userId: string): string {
  return `diary-account-${userId}`;
}

/** One account's store. Every method is one IndexedDB transaction. */
export class AccountStore {
  private constructor(private readonly db: IDBPDatabase<AccountSchema>) {}

  static async open(userId: string): Promise<AccountStore> {
    const db = await openDB<AccountSchema>(accountDatabaseName(userId), 1, {
      upgrade(database) {
        database.createObjectStore('records');
        database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      },
    });
    return new AccountStore(db);
  }

  /** Removes the account's whole store from this browser (account deleted). */
  static async destroy(userId: string): Promise<void> {
    await deleteDB(accountDatabaseName(userId));
  }

  close(): void {
    this.db.close();
  }

  // ---- records ----------------------------------------------------------------------------

  /** The day as last known (null: known not to exist), or undefined when never seen. */
  async day(date: string): Promise<Day | null | undefined> {
    const day = (await this.db.get('records', dayKey(date))) as Day | null | undefined;
    return day ? keptDay(day) : day;
  }

  async putDay(date: string, day: Day | null): Promise<void> {
    await this.db.put('records', day, dayKey(date));
  }

  async putDays(days: readonly Day[]): Promise<void> {
    const tx = this.db.transaction('records', 'readwrite');
    await Promise.all([...days.map((day) => tx.store.put(day, dayKey(day.date))), tx.done]);
  }

  /** Every known day from `from` to `to`, inclusive, in date order. */
  async days(from: string, to: string): Promise<Day[]> {
    const values = await this.db.getAll('records', IDBKeyRange.bound(dayKey(from), dayKey(to)));
    return values.filter((value): value is Day => value !== null).map(keptDay);
  }

  /** Every known day. */
  async allDays(): Promise<Day[]> {
    return this.days('0000-00-00', '9999-99-99');
  }

  async foods(): Promise<Food[] | undefined> {
    return (await this.db.get('records', FOODS_KEY)) as Food[] | undefined;
  }

  async putFoods(foods: readonly Food[]): Promise<void> {
    await this.db.put('records', [...foods], FOODS_KEY);
  }

  async settings(): Promise<Settings | undefined> {
    const settings = await this.db.get('records', SETTINGS_KEY);
    if (settings === undefined) return undefined;
    // A copy an earlier build kept lacks the fields added since: the schema gives their defaults.
    const parsed = settingsSchema.safeParse(settings);
    return parsed.success ? parsed.data : (settings as Settings);
  }

  async putSettings(settings: Settings): Promise<void> {
    await this.db.put('records', settings, SETTINGS_KEY);
  }

  /** Forgets what was read (logging out); the changes not yet sent stay with the account. */
  async clearRecords(): Promise<void> {
    await this.db.clear('records');
  }

  // ---- outbox -----------------------------------------------------------------------------

  async enqueue(operation: Omit<QueuedOperation, 'seq'>): Promise<QueuedOperation> {
    const seq = await this.db.add('outbox', operation as QueuedOperation);
    return { ...operation, seq } as QueuedOperation;
  }

  /** The changes waiting, in order, as this build keeps them (an earlier build's too). */
  async outbox(): Promise<QueuedOperation[]> {
    return (await this.db.getAll('outbox')).map(fromStored);
  }

  async updateOperation(operation: QueuedOperation): Promise<void> {
    await this.db.put('outbox', operation);
  }

  async removeOperation(seq: number): Promise<void> {
    await this.db.delete('outbox', seq);
  }
}
