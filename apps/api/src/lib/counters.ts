/** A hit counter in a time window, shared by every instance (throttling). */
export interface Counter {
  count: number;
  /** When the last hit happened (ms epoch). */
  lastAt: number;
  /** When the window ends and the count starts again from zero (ms epoch). */
  resetAt: number;
}

export interface CounterStore {
  /**
   * Adds one hit atomically. A fixed window starts at the first hit; a sliding one is pushed
   * `windowMs` past every hit (failure streaks that only end after a quiet period).
   */
  hit(key: string, windowMs: number, sliding?: boolean): Promise<Counter>;
  peek(key: string): Promise<Counter | null>;
  /** Takes one hit back (never below zero): the end of something that was counted while in progress. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  /** Answers when the store does (readiness); unset: the store is the database, checked already. */
  ping?(): Promise<void>;
}
