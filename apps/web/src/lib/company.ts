// The company's own details, shown in the footer, the legal pages and on the contact page.
// One place to change them.
export const COMPANY = {
  name: 'Umrah Reizen',
  legalName: 'Umrah Reizen',
  email: 'info@umrahreizen.nl',
  website: 'www.umrahreizen.nl',
  street: 'Herengracht 100',
  zip: '1015 BS',
  city: 'Amsterdam',
  phone: '020 123 45 67',
  country: 'Nederland',
} as const;
