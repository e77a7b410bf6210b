// The admin's writes of articles, flyers and categories (docs/RULES.md, 'Calls'), as mutation hooks. After each,
// every list of the content pages is fetched again (the content feature's keys), so the admin (and
// the public pages in this tab) see it at once.
import type { QueryKey } from '@tanstack/react-query';
import type { ArticleCategorySaved, ArticleSaved, MessageAnswer } from '@umrah/domain/contracts';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import { apiDelete, apiPost, apiPut } from '../../../lib/api';
import type { MutationHooks } from '../../../lib/notify';

export { useArticleCategories, useArticles } from '../../content';

export interface ArticleBody {
  type: number;
  label: string;
  description: string;
  html: string;
  categories: number[];
  image?: { name: string; data: string };
}

/** Every article list, every single article and the categories (prefixes of contentKeys). */
const CONTENT_KEYS: QueryKey[] = [['articles'], ['article'], ['articlecats']];

export interface SaveArticle {
  /** null: a new one. */
  id: number | null;
  body: ArticleBody;
}

const saveArticle = ({ id, body }: SaveArticle) =>
  id === null ? apiPost<ArticleSaved>('/api/article', body) : apiPut<ArticleSaved>(`/api/article/${id}`, body);

export const useSaveArticle = (options?: MutationHooks<ArticleSaved, SaveArticle>) =>
  useAdminMutation({ ...options, mutationFn: saveArticle, invalidates: CONTENT_KEYS });

export interface SaveCategory {
  /** null: a new one. */
  id: number | null;
  label: string;
}

const saveCategory = ({ id, label }: SaveCategory) =>
  id === null
    ? apiPost<ArticleCategorySaved>('/api/articlecat', { label, flex: {} })
    : apiPut<ArticleCategorySaved>(`/api/articlecat/${id}`, { label });

export const useSaveCategory = (options?: MutationHooks<ArticleCategorySaved, SaveCategory>) =>
  useAdminMutation({ ...options, mutationFn: saveCategory, invalidates: CONTENT_KEYS });

/** An article (or flyer) or a category to delete. */
export type ContentItem = { kind: 'article'; id: number } | { kind: 'category'; id: number };

const deleteContent = (item: ContentItem) =>
  apiDelete<MessageAnswer>(item.kind === 'article' ? `/api/article/${item.id}` : `/api/articlecat/${item.id}`);

export const useDeleteContent = (options?: MutationHooks<MessageAnswer, ContentItem>) =>
  useAdminMutation({ ...options, mutationFn: deleteContent, invalidates: CONTENT_KEYS });
