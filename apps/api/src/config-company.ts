import { DEMO_COMPANY, type CompanyDetails } from '@umrah/domain/company';

// The agency's details printed on invoices and mails, from COMPANY_* (config.ts re-exports these).

/** The environment variable of each company detail (docs/ARCHITECTURE.md, 'Configuration'). */
export const COMPANY_ENV = {
  name: 'COMPANY_NAME',
  street: 'COMPANY_STREET',
  zip: 'COMPANY_ZIP',
  city: 'COMPANY_CITY',
  country: 'COMPANY_COUNTRY',
  phone: 'COMPANY_PHONE',
  email: 'COMPANY_EMAIL',
  website: 'COMPANY_WEBSITE',
  kvk: 'COMPANY_KVK',
  vat_number: 'COMPANY_VAT_NUMBER',
  iban: 'COMPANY_IBAN',
} as const satisfies Record<keyof CompanyDetails, string>;

/**
 * The demo values that are placeholders rather than the shop's brand: an invoice must never go out
 * with them. Name, e-mail address, website, city and country may well stay as they are.
 */
const PLACEHOLDER_DETAILS = ['street', 'phone', 'kvk', 'vat_number', 'iban'] as const;

/** COMPANY_* from the environment; each one unset or empty keeps its demo value. */
export function companyFromEnv(env: NodeJS.ProcessEnv): CompanyDetails {
  const details = { ...DEMO_COMPANY };
  for (const [key, name] of Object.entries(COMPANY_ENV) as [keyof CompanyDetails, string][]) {
    const value = env[name]?.trim();
    if (value) details[key] = value;
  }
  return details;
}

/** The variables whose company detail is still the demo placeholder. */
export const demoCompanyVariables = (company: CompanyDetails): string[] =>
  PLACEHOLDER_DETAILS.filter((k) => company[k] === DEMO_COMPANY[k]).map((k) => COMPANY_ENV[k]);

/**
 * Production refuses to start with the demo company details (no invoice with a placeholder KvK or
 * IBAN), unless DEMO=1 says it is a demo shop on purpose. Called by the server at start; loading the
 * configuration alone (tests, scripts) does not check it.
 */
export function assertCompanyConfigured(config: { env: string; demo: boolean; company: CompanyDetails }): void {
  if (config.env !== 'production' || config.demo) return;
  const missing = demoCompanyVariables(config.company);
  if (missing.length) {
    throw new Error(`The company details are still the demo values: set ${missing.join(', ')} in production (or DEMO=1 for a demo shop)`);
  }
}
