/**
 * Writes that arrive together go to the database together (group commit): an item pushed while nothing is being
 * written goes once the event loop has read what else arrived in this turn (the messages and requests of its I/O
 * phase), with them; items pushed while a group is being written wait for it and go together in the next. Alone, an
 * item costs what it did, a turn later; under load, N items cost one statement instead of N.
 *
 * The wait for the turn matters on PGlite, whose statements run on this thread and complete within the microtasks
 * that follow the callback which asked for them: a statement sent as each message arrives was done before the next
 * message was read, so nothing ever waited to be grouped, and every callback (a connection accepted, a socket read)
 * ran the whole queue of statements behind it, which held the loop for seconds under load (bench:ota, issue 35).
 *
 * `write` answers one result per item, in the items' order; each `push` resolves with its own once its group is
 * written, and rejects when the group's write failed. Two items of the same `key` never share a group (a statement
 * would apply one of them, not both in order): the later waits for the next group. At most `max` items a group.
 */
export class GroupCommit<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (err: Error) => void }[] = [];
  private writing = false;
  /** Groups written and items written (a benchmark's view of how much they gathered). */
  groups = 0;
  items = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly opts: { key?: (item: T) => unknown; max?: number } = {},
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        // What else arrives in this turn of the loop goes in the same group.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Items waiting for their group. */
  get waiting() {
    return this.queue.length;
  }

  private async drain() {
    while (this.queue.length) {
      const group = this.take();
      this.groups++;
      this.items += group.length;
      try {
        const results = await this.write(group.map((g) => g.item));
        group.forEach((g, i) => g.resolve(results[i]));
      } catch (err) {
        for (const g of group) g.reject(err as Error);
      }
    }
    this.writing = false;
  }

  /** The next group: in the order pushed, up to `max`, an item whose key is already in it left for the next. */
  private take() {
    const max = this.opts.max ?? 500;
    const key = this.opts.key;
    if (!key) return this.queue.splice(0, max);
    const keys = new Set<unknown>();
    const group: typeof this.queue = [];
    const rest: typeof this.queue = [];
    for (const q of this.queue) {
      const k = key(q.item);
      if (group.length < max && !keys.has(k)) {
        keys.add(k);
        group.push(q);
      } else rest.push(q);
    }
    this.queue = rest;
    return group;
  }
}
