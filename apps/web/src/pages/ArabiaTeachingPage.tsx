// /arabia-teaching: the Arabic lessons of the region (product types 11-14: beginner, amateur, expert,
// native) with their catalog price; a lesson goes into the cart with the days and times the
// student is available (docs/RULES.md, 'Entities: arabia' entry, docs/RULES.md, 'Constants' time slots).
import { lazy, useMemo, useState } from 'react';
import { Badge, Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isLessonType, productTypeLabels } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import type { ProductDto } from '@umrah/domain/validation/product';
import { EmptyState, LoadError, PageLoader } from '../components/Feedback';
import { LazyMount } from '../components/LazyMount';
import { PageBanner } from '../components/PageBanner';
import { useCatalog } from '../features/catalog';
import { useRegion } from '../features/preferences';
import { PageSection } from '../components/PageSection';
import { usePageTitle } from '../lib/usePageTitle';

// The lesson form (and its date and country fields) loads when a lesson is chosen.
const LessonModal = lazy(() => import('../features/cart/LessonModal').then((m) => ({ default: m.LessonModal })));

const LEVELS: Record<number, string> = { 11: 'Beginner', 12: 'Amateur', 13: 'Expert', 14: 'Native' };

export default function ArabiaTeachingPage() {
  usePageTitle('Arabia teaching');
  const region = useRegion();
  const catalog = useCatalog(region);
  const [chosen, setChosen] = useState<ProductDto | null>(null);
  const lessons = useMemo(
    () => (catalog.data ?? []).filter((p) => isLessonType(p.type) && p.is_active).sort((a, b) => a.type - b.type || a.price - b.price),
    [catalog.data],
  );

  return (
    <>
      <PageBanner
        title="Arabia teaching"
        subtitle="Leer Arabisch op jouw niveau: van het alfabet tot klassiek Arabisch en tajwid, op de dagen en tijden die jou passen."
        image="/images/banners/arabia.svg"
      />
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <PageSection id="lessen-titel" title="Kies je niveau" titleGap="md">
            {catalog.isPending ? (
              <PageLoader label="Lessen laden..." />
            ) : catalog.isError ? (
              <LoadError />
            ) : lessons.length === 0 ? (
              <EmptyState>Er zijn op dit moment geen lessen te boeken.</EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
                {lessons.map((l) => (
                  <Card key={l.id} withBorder radius="md" padding="lg" component="article" aria-label={l.label} data-testid="les">
                    <Stack gap="xs" h="100%">
                      <Badge variant="light" w="fit-content">
                        {LEVELS[l.type] ?? productTypeLabels[l.type]}
                      </Badge>
                      <Title order={3} size="h4">
                        {l.label}
                      </Title>
                      <Text size="sm" style={{ flex: 1 }}>
                        {l.description}
                      </Text>
                      <Text fw={700} size="lg">
                        {formatEuro(l.price)}
                      </Text>
                      <Button onClick={() => setChosen(l)} disabled={l.stock <= 0}>
                        {l.stock <= 0 ? 'Vol' : 'In winkelwagen'}
                      </Button>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            )}
          </PageSection>
          <Text size="sm" c="dimmed">
            Lessen worden gegeven in blokken van drie uur: 09:00-12:00, 12:00-15:00, 15:00-18:00 en 18:00-21:00, van maandag tot en met zondag.
          </Text>
        </Stack>
      </Container>
      <LazyMount open={chosen !== null}>{chosen && <LessonModal lesson={chosen} onClose={() => setChosen(null)} />}</LazyMount>
    </>
  );
}
