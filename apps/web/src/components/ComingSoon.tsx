import { Alert, Container } from '@mantine/core';
import { PageBanner } from './PageBanner';
import { usePageTitle } from '../lib/usePageTitle';

/** A page whose content is not built yet: its title and banner, and an honest note. */
export function ComingSoon({ title, image, note }: { title: string; image?: string; note?: string }) {
  usePageTitle(title);
  return (
    <>
      <PageBanner title={title} image={image} />
      <Container size="lg" py="xl">
        <Alert color="gray" variant="light" title="Binnenkort beschikbaar">
          {note ?? 'Deze pagina wordt op dit moment gebouwd. Neem voor vragen contact met ons op.'}
        </Alert>
      </Container>
    </>
  );
}
