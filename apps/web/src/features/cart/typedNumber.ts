/**
 * The number a Mantine NumberInput holds: it gives a string such as '25.50' while the typed value has
 * trailing zeros or ends in the separator, and '' when empty.
 */
export const typedNumber = (v: number | string): number | undefined =>
  typeof v === 'number' ? v : v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
