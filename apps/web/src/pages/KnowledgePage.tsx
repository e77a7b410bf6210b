import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Container, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ArticleCategoryDto, ArticleDto } from '@umrah/domain/validation/contact';
import { PageBanner } from '../components/PageBanner';
import { QueryState } from '../components/Feedback';
import { CardGrid } from '../components/CardGrid';
import { ArticleKind, ArticlePicture, CategoryBadges, filterArticles, toggleCategory, useArticleCategories, useArticles } from '../features/content';
import { usePageTitle } from '../lib/usePageTitle';

export const NO_ARTICLES = 'Geen kennis artikels gevonden.';

function ArticleCard({ article }: { article: ArticleDto }) {
  const titleId = `kennis-${article.id}-titel`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId} data-testid="kennis-kaart">
      {article.img && (
        <Card.Section>
          <ArticlePicture article={article} alt="" sizes="(max-width: 768px) 100vw, 400px" style={{ height: 190, objectFit: 'cover' }} />
        </Card.Section>
      )}
      <Stack gap="xs" mt="md" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {article.label}
        </Title>
        <CategoryBadges categories={article.categories} />
        <Text size="sm">{article.description}</Text>
        <Group mt="auto" pt="xs">
          <Button component={Link} to={`/kennis/${article.id}`} variant="light">
            Lees verder<VisuallyHidden>: {article.label}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Alles' or any number of categories, each a toggle button. */
function CategoryFilter({
  categories,
  selected,
  onChange,
}: {
  categories: ArticleCategoryDto[];
  selected: number[];
  onChange: (selected: number[]) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label="Filter op categorie">
      <Button variant={selected.length === 0 ? 'filled' : 'default'} aria-pressed={selected.length === 0} onClick={() => onChange([])}>
        Alles
      </Button>
      {categories.map((c) => {
        const on = selected.includes(c.article_category_id);
        return (
          <Button
            key={c.article_category_id}
            variant={on ? 'filled' : 'default'}
            aria-pressed={on}
            onClick={() => onChange(toggleCategory(selected, c.article_category_id))}
          >
            {c.label}
          </Button>
        );
      })}
    </Group>
  );
}

export default function KnowledgePage() {
  usePageTitle('Kennis');
  const articles = useArticles(ArticleKind.ARTICLE);
  const categories = useArticleCategories();
  const [selected, setSelected] = useState<number[]>([]);
  const shown = filterArticles(articles.data ?? [], selected);

  return (
    <>
      <PageBanner title="Kennis" subtitle="Alles wat je wilt weten over de Umrah, je voorbereiding en je reis." image="/images/banners/kennis.svg" />
      <Container size="lg" py="xl">
        <QueryState query={articles}>
          <Stack gap="lg">
            {categories.data && categories.data.length > 0 && (
              <CategoryFilter categories={categories.data} selected={selected} onChange={setSelected} />
            )}
            <CardGrid items={shown} empty={NO_ARTICLES} card={(a) => <ArticleCard key={a.id} article={a} />} cols={{ base: 1, sm: 2, md: 3 }} />
          </Stack>
        </QueryState>
      </Container>
    </>
  );
}
