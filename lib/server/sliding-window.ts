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
 * kept in memory: cheap enough to count every request, and a client whose window has emptied is
 * forgotten, so the map stays as large as the clients of the last window.
 */
export class ClientWindows {
  private windows = new Map<string, SlidingWindow>();
  constructor(
    private readonly windowMs: number,
    private readonly max: number,
  ) {}

  /** Counts one request of `client`, or answers the whole seconds until it may send one. */
  take(client: string, now = Date.now()): { retryAfter: number } | null {
    // Forgetting empty windows costs a pass over the map: done when it has grown, not every time.
    if (this.windows.size > 1000) {
      for (const [key, window] of this.windows) if (window.prune(now)) this.windows.delete(key);
    }
    let window = this.windows.get(client);
    if (!window) {
      window = new SlidingWindow(this.windowMs);
      this.windows.set(client, window);
    }
    return window.take(now, this.max);
  }
}
