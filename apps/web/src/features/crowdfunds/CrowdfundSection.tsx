// The home page's donation section (docs/RULES.md, 'Product': customers donate to crowdfunding goals): a card per
// active crowdfund with its progress and 'nog € X nodig', and 'Doneren', which opens the amount modal.
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';
import type { CrowdfundDto } from '@umrah/domain/validation/crowdfund';
import { fundedPercent, useCrowdfunds } from './api';

const DonateModal = lazy(() => import('./DonateModal'));

export const stillNeeded = (c: Pick<CrowdfundDto, 'remaining'>) => (c.remaining > 0 ? `nog ${formatEuro(c.remaining)} nodig` : 'Doel bereikt!');

function CrowdfundCard({ fund, onDonate }: { fund: CrowdfundDto; onDonate: () => void }) {
  const percent = fundedPercent(fund);
  const titleId = `doel-${fund.id}-titel`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId} data-testid="crowdfund">
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={titleId}>
          {fund.label}
        </Title>
        {fund.description && <Text size="sm">{fund.description}</Text>}
        <Progress value={percent} size="lg" radius="xl" aria-label={`${fund.label}: ${percent}% van het doel opgehaald`} />
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {formatEuro(fund.funded_amount)} van {formatEuro(fund.goal_amount)}
          </Text>
          <Text size="sm" fw={600} data-testid="nog-nodig">
            {stillNeeded(fund)}
          </Text>
        </Group>
        <Group mt="auto">
          <Button onClick={onDonate} disabled={fund.remaining <= 0}>
            Doneren
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function CrowdfundSection() {
  const funds = useCrowdfunds();
  const [donating, setDonating] = useState<CrowdfundDto | null>(null);
  // No goals (or the list could not be loaded): the home page simply goes without the section.
  if (!funds.data || funds.data.length === 0) return null;
  return (
    <section aria-labelledby="doneren-titel">
      <Title order={2} id="doneren-titel" mb="xs">
        Doneer aan een goed doel
      </Title>
      <Text mb="lg">Steun samen met onze reizigers een project. Je donatie gaat mee in je bestelling.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {funds.data.map((fund) => (
          <CrowdfundCard key={fund.id} fund={fund} onDonate={() => setDonating(fund)} />
        ))}
      </SimpleGrid>
      {donating && (
        <Suspense fallback={null}>
          <DonateModal fund={donating} onClose={() => setDonating(null)} />
        </Suspense>
      )}
    </section>
  );
}
