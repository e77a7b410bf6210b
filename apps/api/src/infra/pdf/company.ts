// The agency's own details as every PDF (invoice, quote, credit note) prints them. One place to
// change them: the registration numbers below are the demo shop's and must be replaced by the real
// Chamber of Commerce, VAT and bank numbers before the first real invoice goes out.
export const COMPANY = {
  name: 'Umrah Reizen',
  street: 'Herengracht 100',
  zip: '1015 BS',
  city: 'Amsterdam',
  country: 'Nederland',
  phone: '020 123 45 67',
  email: 'info@umrahreizen.nl',
  website: 'www.umrahreizen.nl',
  kvk: '12345678',
  vatNumber: 'NL001234567B01',
  iban: 'NL91 ABNA 0417 1643 00',
  /** Days a customer has to pay an invoice that is not yet paid in full. */
  paymentTermDays: 14,
} as const;

export const companyAddressLines = () => [COMPANY.street, `${COMPANY.zip} ${COMPANY.city}`, COMPANY.country];
