import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button, Container, Stack } from '@mantine/core';
import { PageBanner } from '../components/PageBanner';
import { ArticleKind, useArticles } from '../features/content';
import { CrowdfundSection } from '../features/crowdfunds/CrowdfundSection';
import { MoroccoPromo, SellingPoints } from '../features/home';
import { PageSection } from '../components/PageSection';
import { ServerHtml } from '../components/ServerHtml';
import { usePageTitle } from '../lib/usePageTitle';

const FlyerCarousel = lazy(() => import('../features/content/FlyerCarousel'));

/** docs/RULES.md, 'Product': the flyers; the carousel code loads only when there are flyers to show. */
function FlyerSection() {
  const flyers = useArticles(ArticleKind.FLYER);
  if (!flyers.data || flyers.data.length === 0) return null;
  return (
    <PageSection id="flyers-titel" title="Actueel" titleGap="lg">
      <Suspense fallback={null}>
        <FlyerCarousel flyers={flyers.data} />
      </Suspense>
    </PageSection>
  );
}

export default function HomePage() {
  usePageTitle('Begeleide Umrah-reizen');
  return (
    <>
      <PageBanner
        title="Umrah-reizen met zorg en begeleiding"
        subtitle="Vertrek vanuit Nederland of België, verblijf in de beste hotels van Mekka en Medina en laat alles aan ons over."
        image="/images/banners/home.svg"
      >
        <div>
          <Button component={Link} to="/pakketten" size="lg" color="yellow" c="dark">
            Bekijk onze pakketten
          </Button>
        </div>
      </PageBanner>
      <Container size="lg" py="xl">
        <Stack gap={48}>
          <PageSection id="waarom-titel" title="Waarom met ons op Umrah?" titleGap="lg">
            <ServerHtml>
              <SellingPoints />
            </ServerHtml>
          </PageSection>
          <CrowdfundSection />
          <FlyerSection />
          <MoroccoPromo />
        </Stack>
      </Container>
    </>
  );
}
