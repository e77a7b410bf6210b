import { z } from 'zod';
import { ArticleType } from '../enums.ts';
import { MAX_DB_ID, TEXT_MAX, hasInvalidCharacters, INVALID_CHARACTERS, requiredText, text, tooLongMessage } from './common.ts';

// The admin's article, flyer and category forms (docs/RULES.md, 'Screens: Kennis/Flyers', 'Entities: Article', 'Validation: Article
// form', 'Calls' article/articlecat, 8): one schema for the API body and the React form.

export const ARTICLE_MSG = {
  label: 'Titel is verplicht!',
  description: 'Beschrijving is verplicht!',
  photo: 'Foto is verplicht!',
  html: 'Kennis is verplicht!',
  categoryLabel: 'Categorienaam is verplicht!',
  created: 'Kennis is succesvol toegevoegd.',
  updated: 'Kennis is gewijzigd.',
  deleted: 'Artikel succesvol verwijderd.',
  categoryCreated: 'Categorie is succesvol toegevoegd.',
  categoryUpdated: 'Categorie is succesvol gewijzigd.',
  categoryDeleted: 'Categorie is succesvol verwijderd.',
  /** docs/RULES.md, 'Messages': category failures (and the other admin failures here without a message of their own). */
  unknown: 'Onbekende fout',
  photoTooLarge: 'De foto is te groot (maximaal 4 MB).',
  photoTooSmall: 'De foto is te klein (minimaal 200 pixels breed).',
  unknownCategory: 'Deze categorie bestaat niet (meer).',
  categoryNotFound: 'Categorie niet gevonden.',
  type: 'Type is 0 (kennis) of 1 (flyer).',
} as const;

/** docs/RULES.md, 'Messages': the notification after a new flyer; n is the flyer's number (its id). */
export const flyerCreatedMessage = (n: number | string) => `Flyer ${n} is toegevoegd.`;
/** docs/RULES.md, 'Validation', to the letter (the spec's 'geen a' included). */
export const notJpegMessage = (file: string) => `${file} is geen a jpg of jpeg bestand.`;

/** docs/RULES.md, 'Validation': crop aspect of an article photo and of a flyer. */
export const ARTICLE_ASPECT = 25 / 19;
export const FLYER_ASPECT = 0.70625;
export const aspectOf = (type: number) => (type === ArticleType.FLYER ? FLYER_ASPECT : ARTICLE_ASPECT);

export const ARTICLE_HTML_MAX = 100_000;
/** The cropped JPEG as sent; the browser crops to at most 2000 px wide, far below this. */
export const ARTICLE_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
/** Widths served for phone and desktop (fewer when the upload is narrower). */
export const ARTICLE_IMAGE_WIDTHS = [480, 1200] as const;
export const ARTICLE_IMAGE_MIN_WIDTH = 200;

export const isJpegName = (name: string) => /\.jpe?g$/i.test(name.trim());

/** True when html shows nothing: only tags, spaces and &nbsp; (an empty editor gives '<p></p>'). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .trim() === ''
  );
}

const categoryId = z.coerce
  .number({ error: ARTICLE_MSG.unknownCategory })
  .int({ error: ARTICLE_MSG.unknownCategory })
  .min(1, { error: ARTICLE_MSG.unknownCategory })
  .max(MAX_DB_ID, { error: ARTICLE_MSG.unknownCategory });

/** The photo: its file name (for the message) and the JPEG as a data URL or plain base64. */
export const articlePhotoSchema = z.object({
  name: requiredText(ARTICLE_MSG.photo, TEXT_MAX.label, 'Bestandsnaam'),
  // 4 MB as base64 plus a data-URL prefix; the byte limit itself is checked after decoding.
  data: z.string({ error: ARTICLE_MSG.photo }).min(1, { error: ARTICLE_MSG.photo }).max(5_600_000, { error: ARTICLE_MSG.photoTooLarge }),
});
export type ArticlePhotoInput = z.output<typeof articlePhotoSchema>;

const articleFields = z.object({
  type: z.union([z.literal(0), z.literal(1)], { error: ARTICLE_MSG.type }),
  label: requiredText(ARTICLE_MSG.label, TEXT_MAX.label),
  description: requiredText(ARTICLE_MSG.description, TEXT_MAX.text),
  html: z
    .string({ error: ARTICLE_MSG.html })
    .max(ARTICLE_HTML_MAX, { error: tooLongMessage('Kennis', ARTICLE_HTML_MAX) })
    .refine((v) => !hasInvalidCharacters(v), { error: INVALID_CHARACTERS })
    .default(''),
  categories: z.array(categoryId).max(50).default([]),
  /** Absent on an edit: the photo stays as it is. */
  image: articlePhotoSchema.optional(),
});

// docs/RULES.md, 'Validation' asks content of the knowledge form; a flyer is only its picture, so its html may be empty.
const contentRequired = (v: { type: number; html: string }, ctx: z.RefinementCtx) => {
  if (v.type === ArticleType.ARTICLE && isBlankHtml(v.html)) ctx.addIssue({ code: 'custom', path: ['html'], message: ARTICLE_MSG.html });
};

/** PUT /api/article/{id}: the same fields, the photo optional. */
export const articleUpdateSchema = articleFields.superRefine(contentRequired);
/** POST /api/article: a photo is required (docs/RULES.md, 'Validation: Article form'). */
export const articleCreateSchema = articleFields.superRefine((v, ctx) => {
  contentRequired(v, ctx);
  if (!v.image) ctx.addIssue({ code: 'custom', path: ['image'], message: ARTICLE_MSG.photo });
});
export type ArticleInput = z.output<typeof articleCreateSchema>;

export const articleCategorySchema = z.object({
  label: requiredText(ARTICLE_MSG.categoryLabel, TEXT_MAX.label, 'Categorienaam'),
  flex: z.record(text(50), z.union([z.string().max(TEXT_MAX.label), z.number(), z.boolean(), z.null()])).optional(),
});
export type ArticleCategoryInput = z.output<typeof articleCategorySchema>;

// The stored picture's helpers live apart from the schemas: the public pages use them without zod.
export * from '../article-image.ts';
