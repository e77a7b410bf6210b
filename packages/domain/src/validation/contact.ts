import { z } from 'zod';
import { captchaField, emailField, requiredText } from './common.ts';

// The contact form (docs/RULES.md, 'Entities: Contact form', 'Validation', 'Calls: POST contact'): the body of
// POST /api/contact and the /contact page form.

export const CONTACT_MSG = {
  name: 'Naam is verplicht!',
  email: 'Email is verplicht!',
  message: 'Bericht is verplicht',
  tooLong: 'Deze tekst is te lang.',
} as const;

/** docs/RULES.md, 'Messages': the answer after a sent contact form. */
export const contactSentMessage = (email: string) => `Mail is verzonden! Binnenkort zal er contact worden opgenomen via ${email}`;

export const contactSchema = z.object({
  name: requiredText(CONTACT_MSG.name, 200),
  email: emailField(CONTACT_MSG.email),
  message: requiredText(CONTACT_MSG.message, 5000),
  altcha: captchaField,
});
export type ContactInput = z.output<typeof contactSchema>;

/** An article or flyer as the API serves it (docs/RULES.md, 'Entities: Article'); html is sanitised by the API. */
export interface ArticleDto {
  id: number;
  type: number;
  label: string;
  description: string;
  html: string;
  img: string | null;
  flex: Record<string, unknown>;
  categories: ArticleCategoryDto[];
}
export interface ArticleCategoryDto {
  article_category_id: number;
  label: string;
}
/** A team member of the about page; type 'male' (Broeders) or 'female' (Zusters). */
export interface TeamMemberDto {
  id: number;
  name: string;
  role: string;
  type: 'male' | 'female';
  bio: string;
  img: string | null;
}
