import 'server-only';

/**
 * A sliding window of the times requests (or reads sent on) were let through. Taking a slot and counting are one
 * synchronous step, so parallel requests cannot slip past it.
 */
export class SlidingWindow {
  private times: number[] = [];
  constructor(private readonly windowMs: number) {}

  /** Drops the times that left the window; true when none is left. */
  prune(now: number): boolean {
    this.times = this.times.filter((time) => time > now - this.windowMs);
    return this.times.length === 0;
  }

  /** Takes a slot when fewer than `max` were taken within the window, or answers the whole seconds until one is free. */
  take(now: number, max: number): { retryAfter: number } | null {
    this.prune(now);
    if (this.times.length >= max) {
      const freeAt = this.times[this.times.length - max]! + this.windowMs;
      return { retryAfter: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
    }
    this.times.push(now);
    return null;
  }

  /** Gives back the slot just taken: the read it was for was not sent after all. */
  release(): void {
    this.times.pop();
  }
}

/**
 * A sliding window per client (an address or an account) of one server instance, for a limit
 * kept in memory. A client whose window has emptied is forgotten, so the map holds only the
 * clients of the last window.
 */
export class ClientWindows {
  private windows = new Map<string, SlidingWindow>();
  private forgotAt = 0;
  constructor(private readonly windowMs: number) {}

  /** Forgets the clients with nothing left in their window. */
  private forgetIdle(now: number): void {
    for (const [client, window] of this.windows) if (window.prune(now)) this.windows.delete(client);
    this.forgotAt = now;
  }

  /** How many clients other than `client` were let through within the window. */
  othersThan(client: string, now: number): number {
    this.forgetIdle(now);
    return this.windows.size - (this.windows.has(client) ? 1 : 0);
  }

  /** Counts one request of `client` when it made fewer than `max` within the window, or answers the whole seconds until it may. */
  take(client: string, max: number, now: number): { retryAfter: number } | null {
    // A pass over every client once a window, not on every request: the cost stays flat however
    // many clients there are.
    if (now - this.forgotAt >= this.windowMs) this.forgetIdle(now);
    let window = this.windows.get(client);
    if (!window) {
      window = new SlidingWindow(this.windowMs);
      this.windows.set(client, window);
    }
    return window.take(now, max);
  }

  /** Gives back `client`'s slot just taken: what it was for did not happen after all. */
  release(client: string): void {
    this.windows.get(client)?.release();
  }
}
