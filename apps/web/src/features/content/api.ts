// Server state of the content pages (docs/RULES.md, 'Screens', 'Entities', 'Calls'): knowledge articles, flyers, their categories and
// the team. The lists come with an ETag, so a refetch is cheap.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ArticleDto, TeamMemberDto } from '@umrah/domain/contracts';
import type { BodyOf } from '@umrah/domain/contracts/routes';
import { apiGet, apiPost } from '../../lib/api';

export const ArticleKind = { ARTICLE: 0, FLYER: 1 } as const;

export const contentKeys = {
  articles: (type: number) => ['articles', type] as const,
  article: (id: number) => ['article', id] as const,
  categories: ['articlecats'] as const,
  team: ['team'] as const,
};

/** GET /api/articles?type=0 (knowledge) or 1 (flyers). */
export function useArticles(type: number) {
  return useQuery({
    queryKey: contentKeys.articles(type),
    queryFn: ({ signal }) => apiGet('/api/articles', { query: { type }, signal }).then((r) => r.articles),
  });
}

export function useArticleCategories() {
  return useQuery({
    queryKey: contentKeys.categories,
    queryFn: ({ signal }) => apiGet('/api/articlecats', { signal }).then((r) => r.articleCategories),
  });
}

/** POST /api/contact: the contact form's message; the answer's message is the success text. */
export const useSendContact = () =>
  useMutation({ mutationFn: (body: BodyOf<'POST', '/api/contact'>) => apiPost('/api/contact', { body, auth: false }) });

/** GET /api/article/{id}; a 404 is final, so it is not retried. */
export function useArticle(id: number | null) {
  return useQuery({
    queryKey: contentKeys.article(id ?? 0),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => {
      if (id === null) throw new Error('No article chosen');
      return apiGet('/api/article/:id', { params: { id }, signal });
    },
  });
}

export function useTeam() {
  return useQuery({
    queryKey: contentKeys.team,
    queryFn: ({ signal }) => apiGet('/api/team', { signal }).then((r) => r.team),
  });
}

/** The id in /kennis/{kennisId}, or null when it cannot be an article id. */
export function parseArticleId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The category filter: nothing chosen ('Alles') shows every article, else those in any chosen category. */
export function filterArticles<A extends Pick<ArticleDto, 'categories'>>(articles: A[], selected: number[]): A[] {
  if (selected.length === 0) return articles;
  return articles.filter((a) => a.categories.some((c) => selected.includes(c.article_category_id)));
}

export const toggleCategory = (selected: number[], id: number) => (selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

export type TeamFilter = 'all' | 'male' | 'female';
export const TEAM_FILTERS: { value: TeamFilter; label: string }[] = [
  { value: 'all', label: 'Iedereen' },
  { value: 'male', label: 'Broeders' },
  { value: 'female', label: 'Zusters' },
];
export const filterTeam = <T extends Pick<TeamMemberDto, 'type'>>(team: T[], filter: TeamFilter) =>
  filter === 'all' ? team : team.filter((m) => m.type === filter);

/** docs/RULES.md, 'Constants': 5 flyers side by side, fewer under 1000, 768, 600 and 400 px; never more than there are. */
export function slidesPerView(width: number, count: number): number {
  const n = width < 400 ? 1 : width < 600 ? 2 : width < 768 ? 3 : width < 1000 ? 4 : 5;
  return Math.max(1, Math.min(n, count));
}
export const FLYER_AUTOPLAY_MS = 4500;
