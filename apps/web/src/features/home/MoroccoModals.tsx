import { Link } from 'react-router';
import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { MOROCCO_VISA_COST } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { useCompany } from '../../lib/company';
import { MoroccoRequestForm } from '../requests';

const INCLUDED = [
  { title: 'Vlucht', text: 'Retourvlucht vanuit Marokko naar Jeddah of Medina.' },
  { title: 'Transport', text: 'Al het vervoer ter plaatse met een comfortabele bus, ook van en naar het vliegveld.' },
  { title: 'Visum', text: `Wij vragen je Umrah-visum voor je aan; de visumkosten zijn ${formatEuro(MOROCCO_VISA_COST)} per persoon.` },
  { title: 'Ontbijt', text: 'Elke dag ontbijt in het hotel.' },
  { title: 'Begeleiding', text: 'Ervaren reisleiders en een religieus begeleider gedurende de hele reis.' },
  { title: 'Excursies', text: 'Bezoeken aan de historische plaatsen in Mekka en Medina (ziyarat).' },
];

/** 'Meer informatie' and 'Reserveer nu' of the Morocco offer (docs/RULES.md, 'Screens', Home). */
export default function MoroccoModals({
  info,
  reserve,
  setInfo,
  setReserve,
}: {
  info: boolean;
  reserve: boolean;
  setInfo: (v: boolean) => void;
  setReserve: (v: boolean) => void;
}) {
  const { email } = useCompany();
  return (
    <>
      <Modal opened={info} onClose={() => setInfo(false)} title="Umrah vanuit Marokko" size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
        <Stack>
          <Text>Bij de Umrah vanuit Marokko is het volgende inbegrepen:</Text>
          <List spacing="xs">
            {INCLUDED.map((i) => (
              <List.Item key={i.title}>
                <Text span fw={600}>
                  {i.title}:
                </Text>{' '}
                {i.text}
              </List.Item>
            ))}
          </List>
          <Text>
            <Text span fw={600}>
              Prijzen:
            </Text>{' '}
            dezelfde prijzen als vanuit Nederland, plus {formatEuro(MOROCCO_VISA_COST)} visumkosten per persoon. Neem contact met ons op via{' '}
            <Anchor href={`mailto:${email}`}>{email}</Anchor> of de{' '}
            <Anchor component={Link} to="/contact" onClick={() => setInfo(false)}>
              contactpagina
            </Anchor>{' '}
            voor de actuele prijzen en data.
          </Text>
          <Text size="sm" c="dimmed">
            Visum: met een Marokkaans paspoort krijg je een visum voor één binnenkomst, een jaar geldig, voor een verblijf van maximaal 30 dagen. Met
            een Europees paspoort krijg je een visum voor meerdere binnenkomsten, een jaar geldig, voor een verblijf van maximaal 90 dagen.
          </Text>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                setInfo(false);
                setReserve(true);
              }}
            >
              Reserveer nu
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={reserve}
        onClose={() => setReserve(false)}
        title="Reserveren: Umrah vanuit Marokko"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Sluiten' }}
      >
        {reserve && <MoroccoRequestForm onDone={() => setReserve(false)} />}
      </Modal>
    </>
  );
}
