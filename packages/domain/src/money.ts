// Money is kept in integer cents everywhere; these helpers are the only place it turns into text.

export const VAT_RATE = 21;

/** Price excluding VAT from a price including 21 % VAT (excl = incl / 121 × 100), in cents. */
export const exclVat = (inclCents: number, rate: number = VAT_RATE): number => Math.round((inclCents / (100 + rate)) * 100);

export const vatPart = (inclCents: number, rate: number = VAT_RATE): number => inclCents - exclVat(inclCents, rate);

const thousands = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Dutch price text: whole euros as '€ 1.250,-', otherwise '€ 1.250,50'. */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}€ ${thousands(euros)},${rest === 0 ? '-' : rest.toString().padStart(2, '0')}`;
}

export const eurosToCents = (euros: number): number => Math.round(euros * 100);
export const centsToEuros = (cents: number): number => cents / 100;
