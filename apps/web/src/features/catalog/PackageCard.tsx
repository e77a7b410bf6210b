import { Badge, Button, Card, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import type { CatalogPackage } from '@umrah/domain/catalog';
import { formatDate } from '@umrah/domain/dates';
import { typeClassLabels } from '@umrah/domain/enums';
import { hotelByIndex, type Hotel } from '@umrah/domain/hotels';
import { formatEuro } from '@umrah/domain/money';
import { CheckIcon } from '../../components/icons';
import { HotelLine } from './HotelLine';

export const packageHotels = (pkg: CatalogPackage): Hotel[] => pkg.hotels.map((i) => hotelByIndex(i)).filter((h): h is Hotel => h !== undefined);

export function PackageCard({
  pkg,
  onOrder,
  onInfo,
  onWaitlist,
}: {
  pkg: CatalogPackage;
  onOrder: () => void;
  onInfo: () => void;
  /** Offered where a room type of the package is sold out (docs/WAITLIST.md). */
  onWaitlist?: () => void;
}) {
  const soldOut = pkg.stock === 0;
  // A room size with an adult rate but no places left: the waiting list is offered for it.
  const roomSoldOut = ([2, 3, 4] as const).some((s) => pkg.prices[s][0] !== null && pkg.prices[s][0].stock <= 0);
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="article" aria-label={pkg.label} data-testid="pakket">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">
            {pkg.label}
          </Title>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {typeClassLabels[pkg.type_class]}
          </Badge>
        </Group>
        <Text size="sm">
          <b>Vertrek</b> {formatDate(pkg.start)} · <b>Terug</b> {formatDate(pkg.end)}
        </Text>
        <Stack gap={6}>
          {packageHotels(pkg).map((h) => (
            <HotelLine key={h.index} hotel={h} />
          ))}
        </Stack>
        {pkg.bulletpoints.length > 0 && (
          <List spacing={4} size="sm" icon={<CheckIcon width={16} height={16} color="var(--mantine-color-teal-7)" />} center={false}>
            {pkg.bulletpoints.map((b, i) => (
              <List.Item key={i}>
                <b>{b.label}</b>
                {b.description ? `: ${b.description}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        <Divider mt="auto" />
        <Group justify="space-between" align="flex-end">
          <div>
            <Text size="xs" c="dimmed">
              vanaf
            </Text>
            <Text fw={800} size="xl" data-testid="vanaf-prijs">
              {formatEuro(pkg.fromPrice)}
            </Text>
            <Text size="xs" c="dimmed">
              per persoon
            </Text>
          </div>
          {soldOut && (
            <Badge color="red" variant="light">
              Uitverkocht!
            </Badge>
          )}
        </Group>
        <Stack gap="xs">
          <Button onClick={onOrder} disabled={soldOut} fullWidth>
            Bestellen
          </Button>
          {onWaitlist && (soldOut || roomSoldOut) && (
            <Button variant="light" color="orange" onClick={onWaitlist} fullWidth>
              Zet mij op de wachtlijst
            </Button>
          )}
          <Button variant="default" onClick={onInfo} fullWidth>
            Meer informatie
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
