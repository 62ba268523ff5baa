// The transpose of a CSR list: rows whose entries are ids (each with a value) become, per id, the
// rows that hold it, in row order, with the entry's value. Titles' tokens become each token's
// titles (tokens.ts); titles' platforms become each platform's titles (catalog-index.ts).

export function transpose<V extends Float32Array | Uint32Array>(
  off: Uint32Array,
  ids: ArrayLike<number>,
  values: ArrayLike<number>,
  idCount: number,
  makeValues: (length: number) => V,
): { off: Uint32Array; rows: Uint32Array; values: V } {
  const outOff = new Uint32Array(idCount + 1);
  for (let x = 0; x < ids.length; x++) outOff[ids[x] + 1]++;
  for (let id = 0; id < idCount; id++) outOff[id + 1] += outOff[id];
  const cursor = outOff.slice(0, idCount);
  const rows = new Uint32Array(ids.length);
  const outValues = makeValues(ids.length);
  for (let r = 0; r + 1 < off.length; r++) {
    for (let x = off[r]; x < off[r + 1]; x++) {
      const at = cursor[ids[x]]++;
      rows[at] = r;
      outValues[at] = values[x];
    }
  }
  return { off: outOff, rows, values: outValues };
}
