import { useState } from 'react';
import { Avatar, Card, Container, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { TeamMemberDto } from '@umrah/domain/validation/contact';
import { PageBanner } from '../components/PageBanner';
import { QueryState } from '../components/Feedback';
import { CardGrid } from '../components/CardGrid';
import { filterTeam, TEAM_FILTERS, type TeamFilter, useTeam } from '../features/content';
import { useCompany } from '../lib/company';
import { PageSection } from '../components/PageSection';
import { ServerHtml } from '../components/ServerHtml';
import { usePageTitle } from '../lib/usePageTitle';

function MemberCard({ member }: { member: TeamMemberDto }) {
  const nameId = `team-${member.id}-naam`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={nameId} data-testid="teamlid">
      <Stack align="center" gap="xs" ta="center">
        <Avatar src={member.img} alt="" size={120} radius={120} />
        <Title order={3} size="h4" id={nameId}>
          {member.name}
        </Title>
        <Text fw={600} c="dimmed" size="sm">
          {member.role}
        </Text>
        {member.bio && <Text size="sm">{member.bio}</Text>}
      </Stack>
    </Card>
  );
}

export default function AboutPage() {
  const company = useCompany();
  usePageTitle('Over ons');
  const team = useTeam();
  const [filter, setFilter] = useState<TeamFilter>('all');
  const shown = filterTeam(team.data ?? [], filter);

  return (
    <>
      <PageBanner title="Over ons" image="/images/banners/over-ons.svg" />
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <PageSection id="wie-wij-zijn" title="Wie wij zijn">
            <ServerHtml>
              <Stack gap="sm" maw={760}>
                <Text>
                  {company.name} begeleidt pelgrims uit Nederland en België op hun Umrah naar Mekka en Medina. Wij regelen je vlucht, je hotels dicht
                  bij de moskeeën, je visum en het vervoer ter plaatse, zodat jij je kunt richten op je aanbidding.
                </Text>
                <Text>
                  Onze broeders en zusters reizen zelf mee: zij kennen de rituelen, de steden en de hotels, en staan tijdens de hele reis voor je
                  klaar. Zusters worden begeleid door een reisbegeleidster.
                </Text>
              </Stack>
            </ServerHtml>
          </PageSection>

          <PageSection id="ons-team" title="Ons team">
            <QueryState query={team}>
              <Stack gap="lg">
                <SegmentedControl
                  aria-label="Toon teamleden"
                  value={filter}
                  onChange={(v) => setFilter(v as TeamFilter)}
                  data={TEAM_FILTERS}
                  w="fit-content"
                />
                <CardGrid
                  items={shown}
                  empty="Geen teamleden gevonden."
                  card={(m) => <MemberCard key={m.id} member={m} />}
                  cols={{ base: 1, xs: 2, md: 4 }}
                />
              </Stack>
            </QueryState>
          </PageSection>
        </Stack>
      </Container>
    </>
  );
}
