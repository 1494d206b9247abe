/** The source of "now" for every rule that depends on time; tests pass a controlled one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests (and the demo seed) can set and advance. */
export interface ControlledClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function controlledClock(start: Date | string): ControlledClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => void (current = new Date(at)),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}
