import { lazy, Suspense, useState } from 'react';
import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import classes from './MoroccoPromo.module.css';

const MoroccoModals = lazy(() => import('./MoroccoModals'));

export function MoroccoPromo() {
  const [info, setInfo] = useState(false);
  const [reserve, setReserve] = useState(false);
  return (
    <section className={classes.promo} aria-labelledby="marokko-titel">
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <img src="/images/flyers/marokko.svg" alt="" className={classes.image} width={480} height={340} loading="lazy" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Title order={2} id="marokko-titel">
              Umrah vanuit Marokko
            </Title>
            <Text>
              Ben je in Marokko, bijvoorbeeld tijdens de zomer- of wintervakantie? Vertrek dan met ons vanuit Marokko voor je Umrah, met dezelfde zorg
              en begeleiding als bij onze reizen vanuit Nederland en België.
            </Text>
            <Group>
              <Button onClick={() => setReserve(true)}>Reserveer nu</Button>
              <Button variant="outline" onClick={() => setInfo(true)}>
                Meer informatie
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>

      {(info || reserve) && (
        <Suspense fallback={null}>
          <MoroccoModals info={info} reserve={reserve} setInfo={setInfo} setReserve={setReserve} />
        </Suspense>
      )}
    </section>
  );
}
