// The agency's details without their zod schema (company.ts): the web shop's first JavaScript shows
// them in every footer, and importing the schema's module would bring all of zod along.

/**
 * The agency's own details: the letterhead and footer of every PDF, the mails' sender, and the web
 * shop's footer, contact and legal pages. The API reads them from its configuration (COMPANY_* in the
 * environment, these demo values by default) and serves them at GET /api/company.
 */
export type CompanyDetails = {
  name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  website: string;
  /** Chamber of Commerce (KvK) number. */
  kvk: string;
  vat_number: string;
  iban: string;
};

/**
 * The demo shop's details. Placeholders, not a real registration: production refuses to start while
 * any of them is still in use (the API's config.ts names the variables to set).
 */
export const DEMO_COMPANY: CompanyDetails = {
  name: 'Umrah Reizen',
  street: 'Herengracht 100',
  zip: '1015 BS',
  city: 'Amsterdam',
  country: 'Nederland',
  phone: '020 123 45 67',
  email: 'info@umrahreizen.nl',
  website: 'www.umrahreizen.nl',
  kvk: '12345678',
  vat_number: 'NL001234567B01',
  iban: 'NL91 ABNA 0417 1643 00',
};

/**
 * The demo shop's chat link (the demo phone number on WhatsApp): a shop started for development or
 * with DEMO=1 shows the chat widget of docs/RULES.md, 'Product' without CHAT_URL being set; production without
 * CHAT_URL shows none.
 */
export const DEMO_CHAT_URL = 'https://wa.me/31201234567?text={text}';

/** The postal address as printed: street, zip and city, country. */
export const companyAddressLines = (c: CompanyDetails) => [c.street, `${c.zip} ${c.city}`.trim(), c.country];
