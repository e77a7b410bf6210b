import { eq, inArray } from 'drizzle-orm';
import {
  ARTICLE_MSG,
  ArticleType,
  articleImageOf,
  isBlankHtml,
  type ArticleCategoryDto,
  type ArticleCategoryInput,
  type ArticleDto,
  type ArticleInput,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { articleCategories, articleCategoryLinks, articles } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { invalidateCatalog } from '../../infra/http/catalog-cache.ts';
import { prepareArticleImage, removeImage, storeImage, type PreparedImage } from './image.ts';
import { ARTICLE_NOT_FOUND, getArticle, sanitizeArticleHtml } from './service.ts';

// The admin's writes (articles, flyers and their categories). The picture is encoded and
// stored before the transaction (heavy work never holds a connection or locks), old files are
// deleted only after the commit, and every write clears the public lists here and in every other
// process (invalidateCatalog publishes 'catalog', which app.ts subscribes to).

type Log = { warn: (obj: unknown, msg: string) => void };
export type ArticleUpdate = Omit<ArticleInput, 'image'> & { image?: ArticleInput['image'] };

/** The html as it is stored: sanitised; a knowledge article whose html is empty once cleaned is refused. */
function cleanHtml(input: Pick<ArticleInput, 'html' | 'type'>): string {
  const html = sanitizeArticleHtml(input.html);
  if (input.type === ArticleType.ARTICLE && isBlankHtml(html)) {
    throw badRequest(ARTICLE_MSG.html, [{ path: 'html', message: ARTICLE_MSG.html }]);
  }
  return html;
}

async function assertCategories(db: DbOrTx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await db.select({ id: articleCategories.id }).from(articleCategories).where(inArray(articleCategories.id, unique));
  if (found.length !== unique.length) throw badRequest(ARTICLE_MSG.unknownCategory, [{ path: 'categories', message: ARTICLE_MSG.unknownCategory }]);
  return unique;
}

async function setLinks(tx: DbOrTx, articleId: number, categoryIds: number[]) {
  await tx.delete(articleCategoryLinks).where(eq(articleCategoryLinks.articleId, articleId));
  if (categoryIds.length) await tx.insert(articleCategoryLinks).values(categoryIds.map((categoryId) => ({ articleId, categoryId })));
}

/** Deleting files is tidying up: a failure is logged, never the admin's error (the row is already right). */
async function discard(ctx: AppContext, image: ReturnType<typeof articleImageOf>, log?: Log) {
  try {
    await removeImage(ctx.files, image);
  } catch (err) {
    log?.warn({ err }, 'article image files not deleted');
  }
}

export async function createArticle(ctx: AppContext, input: ArticleInput, log?: Log): Promise<ArticleDto> {
  const html = cleanHtml(input);
  const categoryIds = await assertCategories(ctx.db, input.categories);
  if (!input.image) throw badRequest(ARTICLE_MSG.photo, [{ path: 'image', message: ARTICLE_MSG.photo }]);
  const prepared = await prepareArticleImage(input.image, input.type);
  await storeImage(ctx.files, prepared);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(articles)
        .values({ type: input.type, label: input.label, description: input.description, html, img: prepared.img, flex: { image: prepared.image } })
        .returning({ id: articles.id });
      if (!row) throw new Error('the article insert returned no row');
      await setLinks(tx, row.id, categoryIds);
      return row.id;
    });
  } catch (err) {
    await discard(ctx, prepared.image, log);
    throw err;
  }
  invalidateCatalog(ctx);
  return getArticle(ctx, id);
}

export async function updateArticle(ctx: AppContext, id: number, input: ArticleUpdate, log?: Log): Promise<ArticleDto> {
  const [current] = await ctx.db.select().from(articles).where(eq(articles.id, id));
  if (!current) throw notFound(ARTICLE_NOT_FOUND);
  const html = cleanHtml(input);
  const categoryIds = await assertCategories(ctx.db, input.categories);
  let prepared: PreparedImage | undefined;
  if (input.image) {
    prepared = await prepareArticleImage(input.image, input.type);
    await storeImage(ctx.files, prepared);
  }
  let previous: ReturnType<typeof articleImageOf> = null;
  try {
    await ctx.db.transaction(async (tx) => {
      // Read again under a row lock: a parallel edit's picture is the one to delete after this one.
      const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      const flex = row.flex ?? {};
      previous = prepared ? articleImageOf(flex) : null;
      await tx
        .update(articles)
        .set({
          type: input.type,
          label: input.label,
          description: input.description,
          html,
          ...(prepared ? { img: prepared.img, flex: { ...flex, image: prepared.image } } : {}),
          updatedAt: new Date(),
        })
        .where(eq(articles.id, id));
      await setLinks(tx, id, categoryIds);
    });
  } catch (err) {
    if (prepared) await discard(ctx, prepared.image, log);
    throw err;
  }
  invalidateCatalog(ctx);
  if (previous) await discard(ctx, previous, log);
  return getArticle(ctx, id);
}

export async function deleteArticle(ctx: AppContext, id: number, log?: Log): Promise<void> {
  const [row] = await ctx.db.delete(articles).where(eq(articles.id, id)).returning({ flex: articles.flex });
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  invalidateCatalog(ctx);
  await discard(ctx, articleImageOf(row.flex), log);
}

const toCategoryDto = (r: typeof articleCategories.$inferSelect): ArticleCategoryDto & { flex: Record<string, unknown> } => ({
  article_category_id: r.id,
  label: r.label,
  flex: r.flex ?? {},
});

export async function createCategory(ctx: AppContext, input: ArticleCategoryInput) {
  const [row] = await ctx.db
    .insert(articleCategories)
    .values({ label: input.label, flex: input.flex ?? {} })
    .returning();
  invalidateCatalog(ctx);
  return toCategoryDto(must(row, 'the inserted category'));
}

export async function updateCategory(ctx: AppContext, id: number, input: ArticleCategoryInput) {
  const [row] = await ctx.db
    .update(articleCategories)
    .set({ label: input.label, ...(input.flex ? { flex: input.flex } : {}) })
    .where(eq(articleCategories.id, id))
    .returning();
  if (!row) throw notFound(ARTICLE_MSG.categoryNotFound);
  invalidateCatalog(ctx);
  return toCategoryDto(row);
}

/** The links go with it (on delete cascade); the articles stay. */
export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.delete(articleCategories).where(eq(articleCategories.id, id)).returning({ id: articleCategories.id });
  if (!row) throw notFound(ARTICLE_MSG.categoryNotFound);
  invalidateCatalog(ctx);
}
