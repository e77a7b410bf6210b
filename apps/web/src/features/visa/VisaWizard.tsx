// The visa wizard of one order (docs/RULES.md, 'Screens: Visa wizard'): an introduction, one step per guest, and
// 'Afronden'. The current step follows from what the server knows (has_documents), so a wizard
// that was left halfway opens again at the first guest still missing.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Group, List, Paper, Progress, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { MSG } from '@umrah/domain/messages';
import type { VisaGuestDto, VisaOrderDto } from '@umrah/domain/validation/visa';
import { LoadError } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import { useChangeEffect } from '../../lib/useChangeEffect';
import { DocumentsBadge } from '../../components/DocumentsBadge';
import { useFinishDocuments, useRefreshVisaOrder, visaOrderQuery } from './api';
import { INTRO_STEP, canSelectStep, deliveredPercent, finishStep, isGuestStep, nextStep, previousStep, progressLabel, resumeStep } from './steps';
import { VisaForm } from './VisaForm';

/** Room for the sticky header when the wizard scrolls back to its top. */
const HEADER_OFFSET = 80;

const guestName = (g: Pick<VisaGuestDto, 'first_name' | 'last_name'>) => `${g.first_name} ${g.last_name}`.trim();

function WizardSkeleton() {
  return (
    <Stack gap="sm" aria-label="Visumgegevens laden" role="status">
      <Skeleton height={28} width="40%" />
      <Skeleton height={10} />
      <Skeleton height={140} />
      <Skeleton height={36} width={140} ml="auto" />
    </Stack>
  );
}

function Intro({ order, onStart }: { order: VisaOrderDto; onStart: () => void }) {
  return (
    <Stack gap="sm">
      <Text>
        Voor het aanvragen van het Umrah-visum hebben we van iedere reiziger de paspoortgegevens en een pasfoto nodig. Je vult ze hier per reiziger
        in; wat je hebt opgeslagen blijft bewaard, dus je kunt altijd later verdergaan.
      </Text>
      {order.trip && (
        <Text size="sm">
          Reis: <strong>{order.trip.label}</strong>
          {order.trip.start && order.trip.end ? ` (${formatDate(order.trip.start)} t/m ${formatDate(order.trip.end)})` : ''}
        </Text>
      )}
      <Text fw={600}>Houd per reiziger bij de hand:</Text>
      <List size="sm" spacing={4}>
        <List.Item>het paspoort (nummer, uitgiftedatum en vervaldatum, geboorteplaats en -land);</List.Item>
        <List.Item>een recente pasfoto (jpg, png of webp), bijvoorbeeld een foto van de pasfoto in het paspoort.</List.Item>
      </List>
      <Alert color="blue" variant="light" title="Let op">
        Het paspoort moet nog minstens 6 maanden na de terugreis geldig zijn. Is dat niet zo, vraag dan met spoed een nieuw paspoort aan.
      </Alert>
      <Text fw={600}>Reizigers</Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reizigers">
        {order.guests.map((g, i) => (
          <Group key={g.id} component="li" gap="xs" wrap="nowrap">
            <Text size="sm">
              {i + 1}. {guestName(g)}
            </Text>
            <DocumentsBadge delivered={g.has_documents} data-testid="documents-badge" />
          </Group>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onStart}>Beginnen</Button>
      </Group>
    </Stack>
  );
}

function KnownGuest({ guest, onNext, onBack }: { guest: VisaGuestDto; onNext: () => void; onBack: () => void }) {
  return (
    <Stack gap="sm">
      <Card withBorder radius="md" padding="lg" bg="var(--mantine-color-green-0)">
        <Stack gap={4}>
          <Text fw={700}>Gegevens zijn al bekend</Text>
          <Text size="sm">
            We hebben de paspoortgegevens en pasfoto van {guestName(guest)} al ontvangen. Klopt er iets niet? Neem dan contact met ons op.
          </Text>
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Vorige
        </Button>
        <Button onClick={onNext}>Volgende</Button>
      </Group>
    </Stack>
  );
}

function Finish({ orderId }: { orderId: number }) {
  const finish = useFinishDocuments();
  const sent = useRef(false);
  const { mutate } = finish;
  useEffect(() => {
    // Once per visit (StrictMode runs effects twice); the server also sends its mails only once.
    if (sent.current) return;
    sent.current = true;
    mutate(orderId);
  }, [orderId, mutate]);
  const failed = finish.error ? (finish.error instanceof ApiError ? finish.error.message : MSG.unknownError) : null;

  return (
    <Stack gap="sm">
      <Text fw={700} size="lg">
        Bedankt!
      </Text>
      <Text>
        De documenten van alle reizigers zijn compleet. Wij gaan met de visumaanvraag aan de slag en je ontvangt een bevestiging per mail. Hebben we
        nog iets nodig, dan nemen we contact met je op.
      </Text>
      {failed && (
        <Alert color="orange" role="alert">
          {failed}
        </Alert>
      )}
      <Group>
        <Button component={Link} to="/">
          Naar home
        </Button>
        <Button component={Link} to={`/account/bestellingen/${orderId}`} variant="light">
          Naar mijn account
        </Button>
      </Group>
    </Stack>
  );
}

/** The wizard once the order is known and eligible. */
export function VisaSteps({ order, onSaved }: { order: VisaOrderDto; onSaved: () => Promise<unknown> }) {
  // Saved in this visit: counts as delivered at once, before the order is loaded again.
  const [savedIds, setSavedIds] = useState<ReadonlySet<number>>(() => new Set());
  const guests = order.guests.map((g) => (savedIds.has(g.id) && !g.has_documents ? { ...g, has_documents: true } : g));
  const n = guests.length;
  const [step, setStep] = useState(() => resumeStep(order.guests));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const topRef = useRef<HTMLDivElement>(null);

  // Each new step gets the focus on its heading, so keyboard and screen-reader users follow along,
  // and the page scrolls back to the progress when it is out of sight (long forms on a phone).
  useChangeEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    const top = topRef.current?.getBoundingClientRect().top;
    if (top !== undefined && (top < HEADER_OFFSET || top > window.innerHeight)) topRef.current?.scrollIntoView?.({ block: 'start' });
  }, [step]);

  const go = (target: number) => setStep(Math.max(INTRO_STEP, Math.min(target, finishStep(n))));
  const label = progressLabel(step, n);
  const guest = isGuestStep(step, n) ? guests[step - 1] : null;

  return (
    <Stack gap="md" ref={topRef} style={{ scrollMarginTop: HEADER_OFFSET }}>
      <Stepper
        active={step}
        onStepClick={(s) => canSelectStep(s, guests) && go(s)}
        size="xs"
        iconSize={28}
        allowNextStepsSelect={false}
        visibleFrom="sm"
        aria-label="Stappen"
        wrap
      >
        <Stepper.Step label="Introductie" />
        {guests.map((g, i) => (
          <Stepper.Step key={g.id} label={`Reiziger ${i + 1}`} description={g.first_name} />
        ))}
        <Stepper.Step label="Afronden" />
      </Stepper>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} data-testid="visa-progress" aria-live="polite">
            {label}
          </Text>
          <Text size="sm" c="dimmed">
            {guests.filter((g) => g.has_documents).length} van {n} compleet
          </Text>
        </Group>
        <Progress value={deliveredPercent(guests)} aria-label="Voortgang documenten" size="sm" />
      </Stack>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} mb="sm" style={{ outline: 'none' }} className="visa-step-heading">
          {guest ? `${label}: ${guestName(guest)}` : step === INTRO_STEP ? 'Introductie' : 'Afronden'}
        </Title>
        {step === INTRO_STEP && <Intro order={order} onStart={() => go(nextStep(INTRO_STEP, guests))} />}
        {guest &&
          (guest.has_documents ? (
            <KnownGuest guest={guest} onNext={() => go(nextStep(step, guests))} onBack={() => go(previousStep(step))} />
          ) : (
            <VisaForm
              key={guest.id}
              orderId={order.order_id}
              guest={guest}
              tripStart={order.trip?.start}
              onBack={() => go(previousStep(step))}
              onSaved={async () => {
                const saved = guests.map((g) => (g.id === guest.id ? { ...g, has_documents: true } : g));
                setSavedIds((prev) => new Set(prev).add(guest.id));
                go(nextStep(step, saved));
                await onSaved();
              }}
            />
          ))}
        {step === finishStep(n) && <Finish orderId={order.order_id} />}
      </Paper>
    </Stack>
  );
}

/** Loads the order's visa state; not found, not allowed or not eligible give a Dutch alert. */
export function VisaWizard({ orderId }: { orderId: number }) {
  const query = useQuery(visaOrderQuery(orderId));
  const refresh = useRefreshVisaOrder(orderId);

  if (query.isPending) return <WizardSkeleton />;
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiError && [403, 404].includes(err.status)) {
      return (
        <Alert color="red" title="Bestelling niet gevonden" role="alert">
          {err.message}
        </Alert>
      );
    }
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
      return (
        <Alert color="red" role="alert">
          {err.message}
        </Alert>
      );
    }
    return <LoadError />;
  }
  const order = query.data;
  if (!order.eligible) {
    return (
      <Alert color="orange" title="Nog geen documenten nodig" role="alert">
        {order.message ?? 'Documenten kunnen pas worden aangeleverd nadat er (aan)betaald is.'}
      </Alert>
    );
  }
  if (order.guests.length === 0) {
    return (
      <Alert color="gray" role="alert">
        Deze bestelling heeft geen reizigers waarvoor documenten nodig zijn.
      </Alert>
    );
  }
  return <VisaSteps order={order} onSaved={refresh} />;
}
