// /winkelwagen (docs/RULES.md, 'Screens', 'Entities: Cart entry kinds'): the cart kept in localStorage, each entry editable and
// removable, the voucher field, the total as the server computes it, and 'Afrekenen'.
import { Link, useNavigate } from 'react-router';
import { Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CART_KEY, CartCards, PreviewState, useCartEntries, useCartPreview, VoucherField } from '../features/cart';
import { Panel } from '../components/Panel';
import { usePageTitle } from '../lib/usePageTitle';

export default function CartPage() {
  usePageTitle('Winkelwagen');
  const entries = useCartEntries(CART_KEY);
  const preview = useCartPreview(entries);
  const navigate = useNavigate();

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Winkelwagen</Title>
        {entries.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <Text fw={600}>Je winkelwagen is leeg.</Text>
              <Text size="sm" c="dimmed" ta="center">
                Kies een Umrah-pakket of een Arabische les om te beginnen.
              </Text>
              <Group justify="center">
                <Button component={Link} to="/pakketten">
                  Bekijk pakketten
                </Button>
                <Button component={Link} to="/arabia-teaching" variant="light">
                  Arabische les
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <CartCards cartKey={CART_KEY} entries={entries} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Panel title="Overzicht" id="overzicht-titel">
                <PreviewState
                  isPending={preview.isPending}
                  error={preview.error}
                  data={preview.data}
                  totalLabel="Totaal"
                  testId="winkelwagen-totaal"
                />
                <VoucherField cartKey={CART_KEY} entries={entries} />
                <Button size="md" disabled={!preview.isSuccess} fullWidth onClick={() => navigate('/afrekenen')}>
                  Afrekenen
                </Button>
              </Panel>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
