/** An in-memory Web Storage for unit tests; `quota` (in characters) makes setItem throw as browsers do. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();

  constructor(private readonly quota = Infinity) {}

  /** Every key and value, for comparing storage before and after. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
  allKeys(): string[] {
    return [...this.items.keys()];
  }
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [k, v]) => (k === key ? sum : sum + k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.items.set(key, String(value));
  }
}
