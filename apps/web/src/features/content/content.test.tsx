import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArticleDto, TeamMemberDto } from '@umrah/domain/validation/contact';
import AboutPage from '../../pages/AboutPage';
import ContactPage from '../../pages/ContactPage';
import KnowledgeDetailPage from '../../pages/KnowledgeDetailPage';
import KnowledgePage from '../../pages/KnowledgePage';
import { jsonResponse, renderApp } from '../../test/render';
import { filterArticles, filterTeam, parseArticleId, slidesPerView, toggleCategory } from './api';

vi.setConfig({ testTimeout: 30_000 });

const cat = (article_category_id: number, label: string) => ({ article_category_id, label });
const umrah = cat(1, 'Umrah');
const prep = cat(2, 'Voorbereiding');
const medina = cat(3, 'Medina');
const article = (id: number, label: string, categories: ArticleDto['categories']): ArticleDto => ({
  id,
  type: 0,
  label,
  description: `Over ${label}`,
  html: `<p>Inhoud van ${label}</p>`,
  img: `/images/articles/${id}.svg`,
  flex: {},
  categories,
});
const articles = [article(1, 'Stappen', [umrah]), article(2, 'Paklijst', [prep, umrah]), article(3, 'Medina bezoeken', [medina])];
const team: TeamMemberDto[] = [
  { id: 1, name: 'Yusuf', role: 'Reisleider', type: 'male', bio: '', img: null },
  { id: 2, name: 'Fatima', role: 'Klantenservice', type: 'female', bio: '', img: null },
];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    for (const [prefix, answer] of Object.entries(routes)) if (url.startsWith(prefix)) return answer();
    return jsonResponse({ message: 'Niet gevonden' }, 404);
  });
}

describe('content rules', () => {
  it('filters articles on any chosen category; nothing chosen is Alles', () => {
    expect(filterArticles(articles, []).map((a) => a.id)).toEqual([1, 2, 3]);
    expect(filterArticles(articles, [2]).map((a) => a.id)).toEqual([2]);
    expect(filterArticles(articles, [2, 3]).map((a) => a.id)).toEqual([2, 3]);
    expect(filterArticles(articles, [99])).toEqual([]);
    expect(toggleCategory([1, 2], 2)).toEqual([1]);
    expect(toggleCategory([1], 3)).toEqual([1, 3]);
  });

  it('filters the team by Broeders / Zusters', () => {
    expect(filterTeam(team, 'all')).toHaveLength(2);
    expect(filterTeam(team, 'male').map((m) => m.name)).toEqual(['Yusuf']);
    expect(filterTeam(team, 'female').map((m) => m.name)).toEqual(['Fatima']);
  });

  it('shows 5 flyers side by side, fewer under 1000, 768, 600 and 400 px, never more than there are', () => {
    expect([1200, 1000, 999, 768, 767, 600, 599, 400, 399].map((w) => slidesPerView(w, 9))).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1]);
    expect(slidesPerView(1200, 3)).toBe(3);
    expect(slidesPerView(1200, 0)).toBe(1);
  });

  it('reads only positive whole numbers as an article id', () => {
    expect(parseArticleId('12')).toBe(12);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '12abc']) expect(parseArticleId(raw)).toBeNull();
  });
});

describe('knowledge pages', () => {
  it('lists the articles with category tags and filters with the category buttons', async () => {
    serve({
      '/api/articles': () => jsonResponse({ articles }),
      '/api/articlecats': () => jsonResponse({ articleCategories: [medina, umrah, prep] }),
    });
    renderApp(<KnowledgePage />);
    const card = await screen.findByRole('article', { name: 'Paklijst' });
    expect(within(card).getByText('Voorbereiding')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Lees verder/ })
        .getAttribute('href'),
    ).toBe('/kennis/2');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const alles = await screen.findByRole('button', { name: 'Alles' });
    expect(alles.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Medina' }));
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['kennis-3-titel']));
    expect(alles.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Voorbereiding' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    fireEvent.click(alles);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it("says 'Geen kennis artikels gevonden.' without articles, and shows an error when the list fails", async () => {
    serve({ '/api/articles': () => jsonResponse({ articles: [] }), '/api/articlecats': () => jsonResponse({ articleCategories: [] }) });
    const first = renderApp(<KnowledgePage />);
    expect(await screen.findByText('Geen kennis artikels gevonden.')).toBeTruthy();
    first.unmount();
    serve({ '/api/articles': () => jsonResponse({ message: 'kapot' }, 500) });
    renderApp(<KnowledgePage />);
    expect(await screen.findByText('Fout bij het ophalen van gegevens', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows one article with its html, and sends an unknown id back to /kennis', async () => {
    serve({ '/api/article/2': () => jsonResponse(articles[1]) });
    const shown = renderApp(<KnowledgeDetailPage />, { path: '/kennis/:kennisId', route: '/kennis/2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paklijst' })).toBeTruthy();
    expect(screen.getByTestId('kennis-inhoud').innerHTML).toBe('<p>Inhoud van Paklijst</p>');
    shown.unmount();

    const missing = renderApp(<KnowledgeDetailPage />, { path: '/kennis/:kennisId', route: '/kennis/999' });
    await waitFor(() => expect(missing.router.state.location.pathname).toBe('/kennis'));
    missing.unmount();
    const nonsense = renderApp(<KnowledgeDetailPage />, { path: '/kennis/:kennisId', route: '/kennis/abc' });
    await waitFor(() => expect(nonsense.router.state.location.pathname).toBe('/kennis'));
  });
});

describe('about and contact', () => {
  it('filters the team with Iedereen / Broeders / Zusters', async () => {
    serve({ '/api/team': () => jsonResponse({ team }) });
    renderApp(<AboutPage />);
    expect(await screen.findByRole('article', { name: 'Yusuf' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    fireEvent.click(screen.getByText('Zusters'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Yusuf' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Fatima' })).toBeTruthy();
    fireEvent.click(screen.getByText('Broeders'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Fatima' })).toBeNull());
    fireEvent.click(screen.getByText('Iedereen'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('shows the contact list and the Dutch messages of an empty form, without sending it', async () => {
    serve({});
    renderApp(<ContactPage />);
    const list = screen.getByTestId('contactlijst');
    expect(within(list).getByRole('link', { name: 'info@umrahreizen.nl' }).getAttribute('href')).toBe('mailto:info@umrahreizen.nl');
    expect(within(list).getByRole('link', { name: '020 123 45 67' }).getAttribute('href')).toBe('tel:+31201234567');
    expect(screen.getByRole('img', { name: /Kaart met ons kantoor: Herengracht 100/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    expect(await screen.findByText('Naam is verplicht!')).toBeTruthy();
    expect(screen.getByText('Email is verplicht!')).toBeTruthy();
    expect(screen.getByText('Bericht is verplicht')).toBeTruthy();
    expect(screen.getByText('Verifieer dat u geen robot bent!')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'geen-mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    expect(await screen.findByText('Geen geldig email adres.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/contact'))).toHaveLength(0);
  });
});
