// The trip page's 'Reisinformatie' tab: what 'Mijn reis' shows the pilgrims on their phone (flight,
// meeting point, tour leader, programme; checked with the API's own schema) and the visa PDF per
// guest (checked by content and size on the server too).
import { useState } from 'react';
import { Badge, Button, FileButton, Group, Paper, Skeleton, Stack, Table, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  MY_TRIP_MSG,
  TRIP_DETAILS_LABELS,
  TRIP_DETAILS_MAX,
  VISA_PDF_MAX_BYTES,
  tripDetailsSchema,
  type TripDetailsInput,
} from '@umrah/domain/validation/my-trip';
import { formatDateTime } from '@umrah/domain/dates';
import { LoadError } from '../../../components/Feedback';
import { TableHead } from '../../../components/TableHead';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { zodValidate, fieldErrors } from '../../../lib/form';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import type { TripDetail } from './api';
import { tripInfoQuery, useSaveTripInfo, useVisaPdf, type TripDetailsDto } from './tripInfoApi';

const EMPTY: TripDetailsInput = { flight: '', meeting_point: '', leader_name: '', leader_phone: '', programme: '' };

function DetailsForm({ start, saved }: { start: string; saved: TripDetailsDto }) {
  const form = useForm<TripDetailsInput>({
    mode: 'controlled',
    initialValues: { ...EMPTY, ...pick(saved) },
    validate: zodValidate(tripDetailsSchema),
  });
  const save = useSaveTripInfo(start, {
    onSuccess: () => notifySuccess(MY_TRIP_MSG.detailsSaved),
    onError: (err) => form.setErrors(fieldErrors(err)),
  });
  const field = (name: keyof TripDetailsInput) => ({
    label: TRIP_DETAILS_LABELS[name],
    maxLength: TRIP_DETAILS_MAX[name],
    ...form.getInputProps(name),
  });

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label="Reisinformatie">
      <Stack gap="sm">
        <Textarea {...field('flight')} autosize minRows={2} description="Vluchtnummers, tijden en luchthavens, heen en terug." />
        <Textarea {...field('meeting_point')} autosize minRows={2} description="Waar en hoe laat de groep verzamelt." />
        <Group grow align="flex-start">
          <TextInput {...field('leader_name')} autoComplete="off" />
          <TextInput {...field('leader_phone')} type="tel" autoComplete="off" />
        </Group>
        <Textarea {...field('programme')} autosize minRows={4} description="Het programma van de groep, per dag." />
        <FormError error={save.isError && Object.keys(fieldErrors(save.error)).length === 0 ? errorMessage(save.error) : null} />
        <Group justify="space-between">
          <Text size="xs" c="dark.4">
            {saved.updated_at
              ? `Laatst opgeslagen ${formatDateTime(saved.updated_at)} door ${saved.updated_by ?? 'onbekend'}`
              : 'Nog niet opgeslagen.'}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Opslaan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const pick = (d: TripDetailsDto): TripDetailsInput => ({
  flight: d.flight,
  meeting_point: d.meeting_point,
  leader_name: d.leader_name,
  leader_phone: d.leader_phone,
  programme: d.programme,
});

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

function VisaPdfs({ start, detail, withPdf }: { start: string; detail: TripDetail; withPdf: number[] }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useVisaPdf(start, {
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyError,
    onSettled: () => setBusy(null),
  });
  const has = new Set(withPdf);
  const guests = detail.orders.flatMap((o) => o.rooms.flatMap((r) => r.guests.map((g) => ({ ...g, order: o.number }))));

  const upload = async (guestId: number, file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (file.size > VISA_PDF_MAX_BYTES) return setProblem(MY_TRIP_MSG.visaPdfTooLarge);
    setBusy(guestId);
    mutation.mutate({ guestId, pdf: await readAsDataUrl(file) });
  };

  if (guests.length === 0) return <Text c="dark.4">Deze reis heeft nog geen reizigers.</Text>;
  return (
    <Stack gap="xs">
      <FormError error={problem} />
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label="Visum (PDF) per reiziger">
          <TableHead columns={['Reiziger', 'Bestelling', 'Visum (PDF)', <VisuallyHidden key="acties">Acties</VisuallyHidden>]} />
          <Table.Tbody>
            {guests.map((g) => (
              <VisaPdfRow
                key={g.id}
                name={`${g.first_name} ${g.last_name}`}
                order={g.order}
                present={has.has(g.id)}
                busy={busy === g.id}
                othersBusy={busy !== null}
                onUpload={(f) => void upload(g.id, f)}
                onRemove={() => {
                  setBusy(g.id);
                  mutation.mutate({ guestId: g.id, pdf: null });
                }}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** One guest's visa PDF: whether it is there, upload or replace it, remove it. */
function VisaPdfRow({
  name,
  order,
  present,
  busy,
  othersBusy,
  onUpload,
  onRemove,
}: {
  name: string;
  order: string;
  present: boolean;
  busy: boolean;
  othersBusy: boolean;
  onUpload: (file: File | null) => void;
  onRemove: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{order}</Table.Td>
      <Table.Td>
        {present ? (
          <Badge color="teal" variant="light">
            Aanwezig
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Nog niet
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <FileButton accept="application/pdf" onChange={onUpload}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={busy} aria-label={`Visum (PDF) uploaden voor ${name}`}>
                {present ? 'Vervangen' : 'Uploaden'}
              </Button>
            )}
          </FileButton>
          {present && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={othersBusy}
              aria-label={`Visum (PDF) verwijderen van ${name}`}
              onClick={onRemove}
            >
              Verwijderen
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function TripInfoSection({ start, detail }: { start: string; detail: TripDetail }) {
  const info = useQuery(tripInfoQuery(start));

  if (info.isError) return <LoadError />;
  if (info.isPending) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="xs">
          Praktische informatie voor Mijn reis
        </Title>
        <Text size="sm" c="dark.4" mb="sm">
          De reizigers zien dit in &apos;Mijn reis&apos; op hun telefoon, ook zonder internet.
        </Text>
        {/* Keyed by trip and save time: the form starts from what is stored. */}
        <DetailsForm key={`${start}|${info.data.updated_at ?? ''}`} start={start} saved={info.data} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="xs">
          Visum (PDF) per reiziger
        </Title>
        <Text size="sm" c="dark.4" mb="sm">
          Alleen PDF-bestanden, hoogstens 5 MB. De klant ziet alleen de visums van de eigen reizigers.
        </Text>
        <VisaPdfs start={start} detail={detail} withPdf={info.data.visa_pdf_guest_ids} />
      </Paper>
    </Stack>
  );
}
