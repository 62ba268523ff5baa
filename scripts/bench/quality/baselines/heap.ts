// A bounded min-heap keeping the `capacity` best (id, score) pairs, where better means a higher
// score and, on equal scores, a lower id (so results do not depend on the order of offers).

export class BoundedHeap {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.ids = new Int32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  /** a is worse than b */
  private worse(sa: number, ia: number, sb: number, ib: number): boolean {
    return sa < sb || (sa === sb && ia > ib);
  }

  offer(id: number, score: number): void {
    if (this.size < this.capacity) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!this.worse(score, id, this.scores[parent], this.ids[parent])) break;
        this.ids[at] = this.ids[parent];
        this.scores[at] = this.scores[parent];
        at = parent;
      }
      this.ids[at] = id;
      this.scores[at] = score;
    } else if (this.capacity > 0 && this.worse(this.scores[0], this.ids[0], score, id)) {
      this.siftDown(id, score);
    }
  }

  private siftDown(id: number, score: number): void {
    let at = 0;
    const n = this.size;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= n) break;
      if (child + 1 < n && this.worse(this.scores[child + 1], this.ids[child + 1], this.scores[child], this.ids[child])) child++;
      if (!this.worse(this.scores[child], this.ids[child], score, id)) break;
      this.ids[at] = this.ids[child];
      this.scores[at] = this.scores[child];
      at = child;
    }
    this.ids[at] = id;
    this.scores[at] = score;
  }

  /** Writes the kept pairs best first into ids/scores from `offset`, empties the heap, returns the count. */
  drainBestFirst(ids: Int32Array, scores: Float64Array, offset: number): number {
    const count = this.size;
    for (let pos = count - 1; pos >= 0; pos--) {
      ids[offset + pos] = this.ids[0];
      scores[offset + pos] = this.scores[0];
      const lastId = this.ids[--this.size];
      const lastScore = this.scores[this.size];
      if (this.size > 0) this.siftDown(lastId, lastScore);
    }
    return count;
  }
}
