import type PgBoss from 'pg-boss';

export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>, signal: AbortSignal) => Promise<void>;

type Outcome = { ok: true } | { ok: false; message: string };

export interface PumpLogger {
  error(object: unknown, message: string): void;
}

/** Thrown into a job that was stopped because its worker is shutting down. */
export class WorkerStopping extends Error {
  constructor() {
    super('The worker is shutting down; the job goes back to the queue.');
    this.name = 'WorkerStopping';
  }
}

/**
 * Keeps up to `concurrency` jobs of one queue running at once: it asks pg-boss for as many jobs
 * as it has room for, starts each on its own, and asks again as soon as one finishes. pg-boss's
 * own `work()` in this version waits for a whole batch before fetching more, so one slow
 * provider call would hold back every other idea of a generation.
 */
export class JobPump<T> {
  private readonly running = new Map<string, AbortController>();
  private readonly finished = new Set<Promise<void>>();
  private stopping = false;
  private completing: string[] = [];
  private flush: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Set while the pump waits for a running job to finish before it fetches more. */
  private wakeOnRoom: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /**
   * Jobs that finished while the database could not be told (an outage): settled at the next
   * turn instead, or they would stay active, and nobody would run them, until they expired.
   */
  private readonly unsettled = new Map<string, Outcome>();

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: string,
    private readonly concurrency: number,
    private readonly pollingMs: number,
    private readonly handler: JobHandler<T>,
    private readonly log: PumpLogger,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** Looks for jobs now instead of at the next poll (after this process queued some). */
  notify(): void {
    this.wake?.();
  }

  get active(): number {
    return this.running.size;
  }

  /**
   * Stops taking jobs, gives the running ones `graceMs` to finish, then stops them and hands them
   * back to the queue, which runs them again (here after a restart, or on another worker).
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    const deadline = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled([...this.finished]), deadline]);
    for (const controller of this.running.values()) controller.abort(new WorkerStopping());
    await Promise.allSettled([...this.finished]);
    await this.settleLeftovers();
  }

  /** Read through a method: `stop()` changes it while `run()` awaits. */
  private isStopping() {
    return this.stopping;
  }

  private async run() {
    while (!this.stopping) {
      await this.settleLeftovers();
      const room = this.concurrency - this.running.size;
      let full = false;
      if (room > 0) {
        try {
          const jobs = await this.boss.fetch<T>(this.queue, {
            batchSize: room,
            includeMetadata: true,
          });
          for (const job of jobs) this.begin(job);
          full = jobs.length === room;
        } catch (error) {
          this.log.error({ err: error, queue: this.queue }, 'Could not fetch jobs');
        }
      }
      if (this.isStopping()) break;
      // More jobs may be waiting when the last fetch filled every free place: ask again as soon
      // as a place frees up. Otherwise wait for the next poll, a notify, or the stop.
      const waitForRoom = (full && room > 0) || room <= 0;
      await new Promise<void>((resolve) => {
        const timer = waitForRoom ? undefined : setTimeout(done, this.pollingMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
        this.wakeOnRoom = waitForRoom ? done : null;
      });
      this.wake = null;
      this.wakeOnRoom = null;
    }
  }

  /**
   * Marks a job done. Jobs that finish within the same turn of the event loop (the ideas of one
   * generation answered together) are completed in one statement.
   */
  private complete(id: string): Promise<void> {
    this.completing.push(id);
    this.flush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const ids = this.completing;
      this.completing = [];
      this.flush = null;
      await this.boss.complete(this.queue, ids);
    });
    return this.flush;
  }

  /** Tells the queue how a job went: done, or failed (to be retried or given up). */
  private async settle(id: string, outcome: Outcome): Promise<void> {
    if (outcome.ok) await this.complete(id);
    else await this.boss.fail(this.queue, id, { message: outcome.message });
  }

  /** Settles what could not be settled before, in order, until the database answers again. */
  private async settleLeftovers() {
    for (const [id, outcome] of this.unsettled) {
      try {
        await this.settle(id, outcome);
      } catch {
        return;
      }
      this.unsettled.delete(id);
    }
  }

  private begin(job: PgBoss.JobWithMetadata<T>) {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const finished = this.handler(job, controller.signal)
      .then(
        (): Outcome => ({ ok: true }),
        (error: unknown): Outcome => ({
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
      )
      .then((outcome) =>
        this.settle(job.id, outcome).catch((error: unknown) => {
          this.unsettled.set(job.id, outcome);
          this.log.error(
            { err: error, queue: this.queue, job: job.id },
            'Could not settle a job; trying again',
          );
        }),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.finished.delete(finished);
        this.wakeOnRoom?.();
      });
    this.finished.add(finished);
  }
}
