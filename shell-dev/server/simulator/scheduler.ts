interface Task {
  due: number;
  seq: number;
  run: () => void;
}

/**
 * Steps due at a time of the simulator's own clock, which only advances by tick(): a test can
 * drive it step by step, the timer drives it in real time. A binary heap keeps thousands of
 * waiting operation steps (a bulk assignment) cheap.
 */
export class Scheduler {
  private heap: Task[] = [];
  private seq = 0;
  now = 0;

  get size(): number {
    return this.heap.length;
  }

  at(delayMs: number, run: () => void): void {
    this.push({ due: this.now + delayMs, seq: this.seq++, run });
  }

  /** Advances the clock and runs at most `max` due steps (the rest stay due for the next tick). */
  advance(ms: number, max: number): number {
    this.now += ms;
    let n = 0;
    while (n < max && this.heap.length > 0 && this.heap[0]!.due <= this.now) {
      const t = this.pop();
      n++;
      try {
        t.run();
      } catch (e) {
        console.error('simulator step failed', e);
      }
    }
    return n;
  }

  clear(): void {
    this.heap = [];
  }

  private less(a: Task, b: Task): boolean {
    return a.due < b.due || (a.due === b.due && a.seq < b.seq);
  }

  private push(t: Task): void {
    const h = this.heap;
    h.push(t);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): Task {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
