// The admin's writes of articles, flyers and categories (SPEC 7). After each, every list of the
// content pages is fetched again, so the admin (and the public pages in this tab) see it at once.
import { useQueryClient } from '@tanstack/react-query';
import type { ArticleDto } from '@umrah/domain/validation/contact';
import { apiDelete, apiPost, apiPut } from '../../lib/api';

export interface ArticleBody {
  type: number;
  label: string;
  description: string;
  html: string;
  categories: number[];
  image?: { name: string; data: string };
}

export const saveArticle = (id: number | null, body: ArticleBody) =>
  id === null
    ? apiPost<{ message: 'CREATED'; article: ArticleDto }>('/api/article', body)
    : apiPut<{ message: 'UPDATED'; article: ArticleDto }>(`/api/article/${id}`, body);
export const deleteArticle = (id: number) => apiDelete<{ message: string }>(`/api/article/${id}`);

export const saveCategory = (id: number | null, label: string) =>
  id === null ? apiPost<{ message: string }>('/api/articlecat', { label, flex: {} }) : apiPut<{ message: string }>(`/api/articlecat/${id}`, { label });
export const deleteCategory = (id: number) => apiDelete<{ message: string }>(`/api/articlecat/${id}`);

export function useRefreshContent() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['articles', 'article', 'articlecats'] as const).map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
}
