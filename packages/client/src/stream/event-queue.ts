/**
 * One async iterator's buffer: the events delivered since it was made and not yet read. The
 * stream watches its size (to pause when it is full) and ends it when the stream ends — after the
 * buffered events, `next()` then reports done, or throws the error that ended the stream.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: T[] = [];
  private waiting: { resolve(result: IteratorResult<T>): void; reject(error: unknown): void }[] =
    [];
  private ended = false;
  private error: unknown;

  constructor(
    /** Called after every read and on `return()`, so the stream can resume when drained. */
    private readonly onRead: (queue: EventQueue<T>) => void,
    private readonly onReturn: (queue: EventQueue<T>) => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.ended) return;
    const waiter = this.waiting.shift();
    if (waiter !== undefined) waiter.resolve({ value: item, done: false });
    else this.items.push(item);
  }

  /** No more items: readers get what is buffered, then done (or `error`, thrown once). */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.error = error;
    if (this.items.length > 0) return;
    for (const waiter of this.waiting.splice(0)) this.settleEnded(waiter);
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.items.shift();
    if (item !== undefined) {
      this.onRead(this);
      return Promise.resolve({ value: item, done: false });
    }
    return new Promise((resolve, reject) => {
      if (this.ended) this.settleEnded({ resolve, reject });
      else this.waiting.push({ resolve, reject });
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.items.length = 0;
    this.end();
    this.onReturn(this);
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private settleEnded(waiter: {
    resolve(result: IteratorResult<T>): void;
    reject(error: unknown): void;
  }): void {
    if (this.error === undefined) {
      waiter.resolve({ value: undefined, done: true });
      return;
    }
    const error = this.error;
    this.error = undefined;
    waiter.reject(error);
  }
}
