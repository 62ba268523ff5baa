/** A fixed-size min-heap of (id, score) keeping the k highest scores; drains best first. */
export class TopK {
  private readonly ids: Uint32Array;
  private readonly scores: Float64Array;
  size = 0;

  constructor(private readonly k: number) {
    this.ids = new Uint32Array(k);
    this.scores = new Float64Array(k);
  }

  /** The lowest kept score (meaningful when size > 0). */
  worst(): number {
    return this.scores[0];
  }

  clear(): void {
    this.size = 0;
  }

  offer(id: number, score: number): void {
    if (this.size < this.k) {
      this.ids[this.size] = id;
      this.scores[this.size] = score;
      this.up(this.size++);
    } else if (score > this.scores[0]) {
      this.ids[0] = id;
      this.scores[0] = score;
      this.down(0);
    }
  }

  drainInto(ids: Uint32Array, scores: Float32Array, at: number): number {
    const count = this.size;
    for (let pos = count - 1; pos >= 0; pos--) {
      ids[at + pos] = this.ids[0];
      scores[at + pos] = this.scores[0];
      this.size--;
      if (this.size > 0) {
        this.ids[0] = this.ids[this.size];
        this.scores[0] = this.scores[this.size];
        this.down(0);
      }
    }
    return at + count;
  }

  private up(pos: number): void {
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (this.scores[parent] <= this.scores[pos]) return;
      this.swap(pos, parent);
      pos = parent;
    }
  }

  private down(pos: number): void {
    for (;;) {
      const l = 2 * pos + 1;
      const r = l + 1;
      let least = pos;
      if (l < this.size && this.scores[l] < this.scores[least]) least = l;
      if (r < this.size && this.scores[r] < this.scores[least]) least = r;
      if (least === pos) return;
      this.swap(pos, least);
      pos = least;
    }
  }

  private swap(a: number, b: number): void {
    const id = this.ids[a];
    const score = this.scores[a];
    this.ids[a] = this.ids[b];
    this.scores[a] = this.scores[b];
    this.ids[b] = id;
    this.scores[b] = score;
  }
}
