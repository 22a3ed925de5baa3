/**
 * Damerau–Levenshtein distance in its optimal-string-alignment form (insertions, deletions,
 * substitutions and transpositions of two neighbours, each costing 1), bounded: the work stops
 * as soon as the distance is known to exceed `max`.
 */

/** Three rows of the distance table, reused by every call (grown when a longer text comes). */
let rows = new Int32Array(3 * 128);

/** The distance between `a` and `b`, or `max + 1` when it is more than `max`. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  const table = rows;
  // Rows i-2, i-1 and i of the table live at offsets before, previous and current (rotating).
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) table[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    table[current] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j < width; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(
        (table[previous + j] as number) + 1,
        (table[current + j - 1] as number) + 1,
        (table[previous + j - 1] as number) + (ca === cb ? 0 : 1),
      );
      if (j > 1 && caBefore === cb && ca === b.charCodeAt(j - 2)) {
        value = Math.min(value, (table[before + j - 2] as number) + 1);
      }
      table[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    // A row's smallest value never shrinks further down the table.
    if (rowMin > max) return max + 1;
    const oldBefore = before;
    before = previous;
    previous = current;
    current = oldBefore;
  }
  const distance = table[previous + width - 1] as number;
  return distance > max ? max + 1 : distance;
}
