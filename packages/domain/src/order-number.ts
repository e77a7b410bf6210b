/**
 * The order number customers see: 'FCU2' followed by the order's id (quotes and invoices share the
 * order's id, so their number is the same). One place for the format and for reading it back from a
 * search box or a payment reference.
 */
export const ORDER_NUMBER_PREFIX = 'FCU2';

export const formatOrderNumber = (id: number): string => `${ORDER_NUMBER_PREFIX}${id}`;

/**
 * 'FCU2123', 'fcu2 123', '123' → 123; anything else → null. Whitespace is ignored and the prefix is
 * case-insensitive; a bare 'FCU' without the 2 is accepted too (the invoice search always took it).
 * At most nine digits, so the id fits an integer column.
 */
export function parseOrderNumber(input: string): number | null {
  const m = /^(?:fcu2?)?(\d{1,9})$/i.exec(input.replace(/\s+/g, ''));
  return m ? Number(m[1]) : null;
}
