import { z } from 'zod';
import type { ArticleCategoryDto, ArticleDto, TeamMemberDto } from '../validation/contact.ts';
import { flexContract, listAnswer, messageAnswer } from './common.ts';

// Knowledge articles, flyers, their categories and the team (the types live in validation/contact.ts).
export type { ArticleCategoryDto, ArticleDto, TeamMemberDto };

export const articleCategoryContract = z.object({ article_category_id: z.number(), label: z.string() }) satisfies z.ZodType<ArticleCategoryDto>;

export const articleContract = z.object({
  id: z.number(),
  /** 0 knowledge article, 1 flyer */
  type: z.number(),
  label: z.string(),
  description: z.string(),
  /** Cleaned html (no scripts, no event attributes). */
  html: z.string(),
  img: z.string().nullable(),
  flex: flexContract,
  categories: z.array(articleCategoryContract),
}) satisfies z.ZodType<ArticleDto>;

/** GET /api/articles */
export const articleListContract = listAnswer('articles', articleContract);
export type ArticleList = z.infer<typeof articleListContract>;

/** POST /api/article (201, message 'CREATED'), PUT /api/article/{id} (message 'UPDATED'). */
export const articleSavedContract = messageAnswer.extend({ article: articleContract });
export type ArticleSaved = z.infer<typeof articleSavedContract>;

/** GET /api/articlecats */
export const articleCategoryListContract = listAnswer('articleCategories', articleCategoryContract);
export type ArticleCategoryList = z.infer<typeof articleCategoryListContract>;

/** POST /api/articlecat (201), PUT /api/articlecat/{id}. */
export const articleCategorySavedContract = z.object({
  message: z.string(),
  articleCategory: articleCategoryContract.extend({ flex: flexContract }),
});
export type ArticleCategorySaved = z.infer<typeof articleCategorySavedContract>;

export const teamMemberContract = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  type: z.enum(['male', 'female']),
  bio: z.string(),
  img: z.string().nullable(),
}) satisfies z.ZodType<TeamMemberDto>;

/** GET /api/team */
export const teamContract = listAnswer('team', teamMemberContract);
export type Team = z.infer<typeof teamContract>;
