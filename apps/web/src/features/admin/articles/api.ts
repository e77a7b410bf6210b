// The admin's writes of articles, flyers and categories (docs/RULES.md, 'Calls'), as mutation hooks. After each,
// every list of the content pages is fetched again (the content feature's keys), so the admin (and
// the public pages in this tab) see it at once.
import type { QueryKey } from '@tanstack/react-query';
import type { ArticleCategorySaved, ArticleSaved, MessageAnswer } from '@umrah/domain/contracts';
import type { BodyOf } from '@umrah/domain/contracts/routes';
import { isArticleType, type ArticleType } from '@umrah/domain/enums';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import { apiDelete, apiPost, apiPut } from '../../../lib/api';
import type { MutationHooks } from '../../../lib/notify';

export { useArticleCategories, useArticles } from '../../content';

/** POST /api/article (a new one needs its photo; PUT /api/article/{id} may leave it out); `type` is checked below. */
export type ArticleBody = Omit<BodyOf<'PUT', '/api/article/:id'>, 'type'> & { type: number };

/** Every article list, every single article and the categories (prefixes of contentKeys). */
const CONTENT_KEYS: QueryKey[] = [['articles'], ['article'], ['articlecats']];

export interface SaveArticle {
  /** null: a new one. */
  id: number | null;
  body: ArticleBody;
}

const saveArticle = ({ id, body }: SaveArticle) =>
  withArticleType(body, (checked) =>
    id === null ? apiPost('/api/article', { body: checked }) : apiPut('/api/article/:id', { params: { id }, body: checked }),
  );

/** The form's type (0 knowledge, 1 flyer) narrowed to the enum before it is sent. */
function withArticleType<R>({ type, ...rest }: ArticleBody, send: (body: BodyOf<'PUT', '/api/article/:id'> & { type: ArticleType }) => R): R {
  if (!isArticleType(type)) throw new Error(`No article type ${type}`);
  return send({ ...rest, type });
}

export const useSaveArticle = (options?: MutationHooks<ArticleSaved, SaveArticle>) =>
  useAdminMutation({ ...options, mutationFn: saveArticle, invalidates: CONTENT_KEYS });

export interface SaveCategory {
  /** null: a new one. */
  id: number | null;
  label: string;
}

const saveCategory = ({ id, label }: SaveCategory) =>
  id === null ? apiPost('/api/articlecat', { body: { label, flex: {} } }) : apiPut('/api/articlecat/:id', { params: { id }, body: { label } });

export const useSaveCategory = (options?: MutationHooks<ArticleCategorySaved, SaveCategory>) =>
  useAdminMutation({ ...options, mutationFn: saveCategory, invalidates: CONTENT_KEYS });

/** An article (or flyer) or a category to delete. */
export type ContentItem = { kind: 'article'; id: number } | { kind: 'category'; id: number };

const deleteContent = (item: ContentItem) =>
  item.kind === 'article'
    ? apiDelete('/api/article/:id', { params: { id: item.id } })
    : apiDelete('/api/articlecat/:id', { params: { id: item.id } });

export const useDeleteContent = (options?: MutationHooks<MessageAnswer, ContentItem>) =>
  useAdminMutation({ ...options, mutationFn: deleteContent, invalidates: CONTENT_KEYS });
