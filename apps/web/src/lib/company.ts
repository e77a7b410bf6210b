// The company's own details, shown in the footer, the legal pages and on the contact page.
// One place to change them.
export const COMPANY = {
  name: 'Umrah Reizen',
  legalName: 'Umrah Reizen',
  email: 'info@umrahreizen.nl',
  website: 'www.umrahreizen.nl',
  city: 'Amsterdam',
  country: 'Nederland',
} as const;
