import { Link } from 'react-router';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * The 'Umrah op maat' tile opens this modal. The request form (period, hotel, rooms, personal
 * details) is a later step of the build; the modal says so and offers the contact page meanwhile.
 */
export function CustomTripModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Umrah op maat" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text>
          Wil je op een andere datum op Umrah, met een eigen hotelkeuze of kamerindeling? Dan stellen we een reis op maat voor je
          samen.
        </Text>
        <Alert color="blue" variant="light" title="Aanvraagformulier volgt binnenkort">
          Het formulier om een reis op maat aan te vragen is nog niet beschikbaar. Neem tot die tijd contact met ons op: we helpen
          je graag.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Sluiten
          </Button>
          <Button component={Link} to="/contact" onClick={onClose}>
            Naar contact
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
