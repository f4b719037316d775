/** Time source. Injected so tests move time (code expiry, idle sessions, throttling) without sleeping. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can move forward. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

/** Wall time moved to start at `inicio` (RELOGIO_INICIO, tests only): it runs on from there. */
export function clockFrom(inicio: number): Clock {
  const desvio = inicio - Date.now();
  return { now: () => Date.now() + desvio };
}
