import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Badge, Box, Group, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { AGE_CATEGORIES, ROOM_SIZES, type CatalogPackage } from '@umrah/domain/catalog';
import { formatDate } from '@umrah/domain/dates';
import { ageCategoryLabels, typeClassLabels } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { HotelLine, stars } from './HotelLine';
import { packageHotels } from './PackageCard';
import classes from './catalog.module.css';

/** 'Meer informatie': a carousel of the package's hotels and its price per room size and age. */
export function InfoModal({ pkg, onClose }: { pkg: CatalogPackage | null; onClose: () => void }) {
  return (
    <Modal opened={pkg !== null} onClose={onClose} size="xl" title={pkg?.label ?? ''} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      {pkg && <InfoBody pkg={pkg} />}
    </Modal>
  );
}

function InfoBody({ pkg }: { pkg: CatalogPackage }) {
  const hotels = packageHotels(pkg);
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light">{typeClassLabels[pkg.type_class]}</Badge>
        <Text size="sm">
          {formatDate(pkg.start)} t/m {formatDate(pkg.end)}
        </Text>
      </Group>
      <HotelCarousel hotels={hotels} />
      <Text>{pkg.description}</Text>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Hotels
        </Title>
        {hotels.map((h) => (
          <Stack key={h.index} gap={2}>
            <HotelLine hotel={h} />
            <Text size="sm">{h.description}</Text>
          </Stack>
        ))}
      </Stack>
      <PriceTable pkg={pkg} />
      {pkg.extras.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Extra's
          </Title>
          <List size="sm">
            {pkg.extras.map((e, i) => (
              <List.Item key={i}>
                {e.label}: {formatEuro(e.price)} per persoon
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {pkg.payment_deadline && (
        <Text size="sm">
          Betaal uiterlijk op <b>{formatDate(pkg.payment_deadline)}</b>.
        </Text>
      )}
    </Stack>
  );
}

/** Every photo of every hotel of the package, captioned with the hotel; nothing without photos. */
function HotelCarousel({ hotels }: { hotels: ReturnType<typeof packageHotels> }) {
  const slides = hotels.flatMap((h) => h.images.map((src, i) => ({ src, hotel: h, key: `${h.index}-${i}` })));
  if (slides.length === 0) return null;
  return (
    <Carousel
      aria-label="Hotels"
      withIndicators
      height={280}
      slideGap="md"
      emblaOptions={{ loop: true, align: 'start', duration: 25 }}
      previousControlProps={{ 'aria-label': 'Vorige foto' }}
      nextControlProps={{ 'aria-label': 'Volgende foto' }}
    >
      {slides.map(({ src, hotel, key }) => (
        <Carousel.Slide key={key}>
          <Box pos="relative" h="100%">
            <img src={src} alt={`${hotel.name}, ${hotel.location}`} className={classes.slideImage} loading="lazy" />
            <div className={classes.slideCaption}>
              <Text fw={700} c="white">
                {hotel.name} <span aria-hidden>{stars(hotel.stars)}</span>
              </Text>
              <Text size="sm" c="white">
                {hotel.location}
              </Text>
            </div>
          </Box>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

/** The price per person for each room size that has one, per age category. */
function PriceTable({ pkg }: { pkg: CatalogPackage }) {
  const rows = ROOM_SIZES.filter((size) => AGE_CATEGORIES.some((age) => pkg.prices[size][age]));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Prijzen per persoon
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder aria-label="Prijzen per persoon">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kamer</Table.Th>
              {AGE_CATEGORIES.map((age) => (
                <Table.Th key={age} ta="right">
                  {ageCategoryLabels[age]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((size) => (
              <Table.Tr key={size}>
                <Table.Th scope="row">{size}-persoonskamer</Table.Th>
                {AGE_CATEGORIES.map((age) => {
                  const p = pkg.prices[size][age];
                  return (
                    <Table.Td key={age} ta="right">
                      {p ? formatEuro(p.price) : '–'}
                      {p && p.stock === 0 ? (
                        <Text span size="xs" c="red" ml={4}>
                          (uitverkocht)
                        </Text>
                      ) : null}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Prijzen inclusief 21% btw. Baby: 0-24 maanden, kind: 2-12 jaar, volwassene: vanaf 13 jaar.
      </Text>
    </Stack>
  );
}
