// Indexed reads that the code's own bookkeeping guarantees (the ids taken for so many rooms, the first
// row of an aggregate that always answers one): a missing one is a bug, so it fails loudly with what
// was missing instead of going on with undefined.

/** `list[index]`, or an Error naming `what` when there is none. */
export function itemAt<T>(list: readonly T[], index: number, what: string): T {
  const item = list[index];
  if (item === undefined) throw new Error(`${what}: no item ${index}`);
  return item;
}

/** The first row of a statement that always answers one (an aggregate, a write with RETURNING of one row). */
export const onlyRow = <T>(rows: readonly T[], what: string): T => itemAt(rows, 0, what);
