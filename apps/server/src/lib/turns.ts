/**
 * Work queued by key: for each key, one piece of work at a time, in the order they asked, while
 * work under other keys runs freely. Nothing is held for a key without work waiting on it.
 */
export class Turns<Key> {
  /** For each key with work running or waiting, the end of the last piece queued. */
  private readonly lastOf = new Map<Key, Promise<void>>();

  /** Runs `work` once every piece queued before under `key` has ended, however it ended. */
  async take<T>(key: Key, work: () => Promise<T>): Promise<T> {
    const before = this.lastOf.get(key);
    let done: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      done = resolve;
    });
    const last = before ? before.then(() => ended) : ended;
    this.lastOf.set(key, last);
    try {
      await before;
      return await work();
    } finally {
      done();
      if (this.lastOf.get(key) === last) this.lastOf.delete(key);
    }
  }

  /** How many keys have work running or waiting. */
  get busyKeys(): number {
    return this.lastOf.size;
  }
}

/** Work that runs at most `capacity` pieces at once; the rest wait in the order they asked. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly capacity: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.capacity) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The place passes to the next waiting, or is given up.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One value per key object (a database, say), made when first asked for, gone with the key. */
export function perObject<Value>(make: () => Value): (key: object) => Value {
  const values = new WeakMap<object, Value>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = make();
      values.set(key, value);
    }
    return value;
  };
}
