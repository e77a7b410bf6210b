import { Link, Navigate, useParams } from 'react-router';
import { Anchor, Container, Stack, Typography } from '@mantine/core';
import { PageBanner } from '../components/PageBanner';
import { LoadError, PageLoader } from '../components/Feedback';
import { ArticleKind, ArticlePicture, CategoryBadges, parseArticleId, useArticle } from '../features/content';
import { ApiError } from '../lib/api';
import { usePageTitle } from '../lib/usePageTitle';

const BANNER = '/images/banners/kennis.svg';

/** /kennis/{kennisId}: one knowledge article; an unknown id (or a flyer's) goes back to /kennis. */
export default function KnowledgeDetailPage() {
  const { kennisId } = useParams();
  const id = parseArticleId(kennisId);
  const article = useArticle(id);
  usePageTitle(article.data?.label ?? 'Kennis');

  const unknown =
    id === null ||
    (article.isError && article.error instanceof ApiError && (article.error.status === 404 || article.error.status === 400)) ||
    (article.data !== undefined && article.data.type !== ArticleKind.ARTICLE);
  if (unknown) return <Navigate to="/kennis" replace />;

  if (!article.data) {
    return (
      <>
        <PageBanner title="Kennis" image={BANNER} />
        <Container size="md" py="xl">
          {article.isError ? <LoadError /> : <PageLoader />}
        </Container>
      </>
    );
  }

  const a = article.data;
  return (
    <>
      <PageBanner title={a.label} subtitle={a.description} image={BANNER} />
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Anchor component={Link} to="/kennis" size="sm">
            ← Terug naar kennis
          </Anchor>
          <CategoryBadges categories={a.categories} />
          <ArticlePicture
            article={a}
            alt=""
            sizes="(max-width: 960px) 100vw, 920px"
            loading="eager"
            style={{ maxHeight: 420, objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)' }}
          />
          {/* The API sanitises the html (no script, no event handlers) before it is served. */}
          <Typography>
            <div data-testid="kennis-inhoud" dangerouslySetInnerHTML={{ __html: a.html }} />
          </Typography>
        </Stack>
      </Container>
    </>
  );
}
