/**
 * Standard competition ranking ("1224"): items with equal values share the rank of the first of
 * them and the next value's rank skips the places they took. Within a value, items keep a stable
 * order by their tie keys (name, then id), compared by code unit so both databases agree.
 */

export interface Ranked<T> {
  rank: number;
  item: T;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function rankByValue<T extends { value: number }>(
  items: readonly T[],
  order: "asc" | "desc",
  tieKeys: (item: T) => readonly string[],
): Ranked<T>[] {
  const direction = order === "asc" ? 1 : -1;
  const sorted = [...items].sort((a, b) => {
    if (a.value !== b.value) return direction * (a.value - b.value);
    const keysA = tieKeys(a);
    const keysB = tieKeys(b);
    for (let i = 0; i < keysA.length; i++) {
      const byKey = compareText(keysA[i] ?? "", keysB[i] ?? "");
      if (byKey !== 0) return byKey;
    }
    return 0;
  });
  const out: Ranked<T>[] = [];
  sorted.forEach((item, index) => {
    const previous = out[index - 1];
    const rank =
      previous !== undefined && previous.item.value === item.value ? previous.rank : index + 1;
    out.push({ rank, item });
  });
  return out;
}
