/**
 * Runs one read for all the callers who ask for the same thing at once. A caller who arrives
 * while a read runs waits for the next one, which starts when that ends and serves everyone who
 * arrived meanwhile: each answer is read after its request came, so it holds every write the
 * caller saw acknowledged, yet a crowd asking together costs the database two reads, not one
 * per request. For costly reads whose answer is the same for every caller.
 */
export class SharedReads<T> {
  private readonly running = new Map<string, Promise<T>>();
  private readonly next = new Map<string, Promise<T>>();

  read(key: string, load: () => Promise<T>): Promise<T> {
    const queued = this.next.get(key);
    if (queued) return queued;
    const current = this.running.get(key);
    if (!current) return this.start(key, load);
    const following = current
      .catch(() => undefined)
      .then(() => {
        this.next.delete(key);
        return this.start(key, load);
      });
    this.next.set(key, following);
    return following;
  }

  private start(key: string, load: () => Promise<T>): Promise<T> {
    const run = Promise.resolve()
      .then(load)
      .finally(() => {
        if (this.running.get(key) === run) this.running.delete(key);
      });
    this.running.set(key, run);
    return run;
  }
}
