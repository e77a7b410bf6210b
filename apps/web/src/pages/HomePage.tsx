import { Link } from 'react-router';
import { Button, Container, Stack, Title } from '@mantine/core';
import { PageBanner } from '../components/PageBanner';
import { CrowdfundSection } from '../features/crowdfunds/CrowdfundSection';
import { MoroccoPromo } from '../features/home/MoroccoPromo';
import { SellingPoints } from '../features/home/SellingPoints';
import { usePageTitle } from '../lib/usePageTitle';

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
          <section aria-labelledby="waarom-titel">
            <Title order={2} id="waarom-titel" mb="lg">
              Waarom met ons op Umrah?
            </Title>
            <SellingPoints />
          </section>
          <CrowdfundSection />
          <MoroccoPromo />
        </Stack>
      </Container>
    </>
  );
}
