import { z } from 'zod';
import type { CompanyDetails } from './company-details';

export { DEMO_CHAT_URL, DEMO_COMPANY, companyAddressLines, type CompanyDetails } from './company-details';

/** The agency's details as GET /api/company answers them (company-details.ts). */
export const companySchema = z.object({
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  /** Chamber of Commerce (KvK) number. */
  kvk: z.string(),
  vat_number: z.string(),
  iban: z.string(),
}) satisfies z.ZodType<CompanyDetails>;
