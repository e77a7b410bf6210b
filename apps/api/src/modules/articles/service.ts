import { asc, eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { ArticleCategoryDto, ArticleDto, TeamMemberDto } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { articleCategories, articleCategoryLinks, articles, teamMembers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { catalogCache, type CatalogEntry } from '../../infra/http/catalog-cache.ts';

// Knowledge articles, flyers, their categories and the team. The public lists live in
// the catalog cache (short TTL, cleared by every catalog invalidation); article html is sanitised on
// the way out, so whatever is stored can never run script in the browser.

export const ARTICLE_NOT_FOUND = 'Artikel niet gevonden.';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Stored article html as it may reach a browser: no script, no event handlers, no javascript: links. */
export const sanitizeArticleHtml = (html: string) => sanitizeHtml(html, SANITIZE);

type ArticleRow = typeof articles.$inferSelect;

function toArticleDto(row: ArticleRow, categories: ArticleCategoryDto[]): ArticleDto {
  return {
    id: row.id,
    type: row.type,
    label: row.label,
    description: row.description,
    html: sanitizeArticleHtml(row.html),
    img: row.img,
    flex: row.flex ?? {},
    categories,
  };
}

async function withCategories(db: DbOrTx, rows: ArticleRow[]): Promise<ArticleDto[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ articleId: articleCategoryLinks.articleId, id: articleCategories.id, label: articleCategories.label })
    .from(articleCategoryLinks)
    .innerJoin(articleCategories, eq(articleCategories.id, articleCategoryLinks.categoryId))
    .where(
      inArray(
        articleCategoryLinks.articleId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(articleCategories.label), asc(articleCategories.id));
  const byArticle = new Map<number, ArticleCategoryDto[]>();
  for (const l of links) {
    const list = byArticle.get(l.articleId) ?? [];
    list.push({ article_category_id: l.id, label: l.label });
    byArticle.set(l.articleId, list);
  }
  return rows.map((r) => toArticleDto(r, byArticle.get(r.id) ?? []));
}

export const articlesKey = (type: number | undefined) => `articles:${type ?? 'all'}`;

/** GET /api/articles: every article (type 0) and/or flyer (type 1), newest first, with categories. */
export function publicArticles(ctx: AppContext, type: number | undefined): Promise<CatalogEntry> {
  return catalogCache(ctx).get(articlesKey(type), async () => {
    const rows = await ctx.db
      .select()
      .from(articles)
      .where(type === undefined ? undefined : eq(articles.type, type))
      .orderBy(asc(articles.id));
    return { articles: await withCategories(ctx.db, rows) };
  });
}

/** GET /api/article/{id}: one article with its categories; 404 when it does not exist. */
export async function getArticle(ctx: AppContext, id: number): Promise<ArticleDto> {
  const [row] = await ctx.db.select().from(articles).where(eq(articles.id, id));
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return must((await withCategories(ctx.db, [row]))[0], 'one article in, one out');
}

/** GET /api/articlecats: every category, by label. */
export function publicCategories(ctx: AppContext): Promise<CatalogEntry> {
  return catalogCache(ctx).get('articlecats', async () => {
    const rows = await ctx.db.select().from(articleCategories).orderBy(asc(articleCategories.label), asc(articleCategories.id));
    return { articleCategories: rows.map((r) => ({ article_category_id: r.id, label: r.label })) };
  });
}

/** GET /api/team: the team of the about page, in their position order. */
export function publicTeam(ctx: AppContext): Promise<CatalogEntry> {
  return catalogCache(ctx).get('team', async () => {
    const rows = await ctx.db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.id));
    const team: TeamMemberDto[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      type: r.type === 'female' ? 'female' : 'male',
      bio: r.bio,
      img: r.img,
    }));
    return { team };
  });
}
