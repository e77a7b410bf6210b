// 'Zet mij op de wachtlijst' (docs/WAITLIST.md): persons and room size for a sold-out room type of a package.
import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROOM_SIZES, type CatalogPackage } from '@umrah/domain/catalog';
import { WAITLIST_MAX_PERSONS, waitlistJoinSchema } from '@umrah/domain/validation/waitlist';
import { FormFooter } from '../../components/admin-kit/FormFooter';
import { fieldErrors, zodValidate } from '../../lib/form';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useJoinWaitlist } from './api';

interface Values {
  room_type: string;
  persons: number | string;
}

/** The room sizes of the package that have an adult rate, the sold-out ones first. */
const sizesOf = (pkg: CatalogPackage) =>
  ROOM_SIZES.filter((s) => pkg.prices[s][0] !== null).sort((a, b) => (pkg.prices[a][0]!.stock > 0 ? 1 : 0) - (pkg.prices[b][0]!.stock > 0 ? 1 : 0));

export function WaitlistModal({ pkg, onClose }: { pkg: CatalogPackage | null; onClose: () => void }) {
  const sizes = pkg ? sizesOf(pkg) : [];
  const validate = zodValidate(waitlistJoinSchema);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { room_type: sizes[0] ? String(sizes[0]) : '', persons: 2 },
    validate: (v) =>
      validate({
        product_id: pkg?.prices[Number(v.room_type) as 2 | 3 | 4]?.[0]?.productId ?? pkg?.productIds[0],
        room_type: Number(v.room_type),
        persons: v.persons,
      } as never),
  });
  const join = useJoinWaitlist({
    onSuccess: (r) => {
      notifySuccess(r.message);
      onClose();
    },
    onError: (err) => form.setErrors(fieldErrors(err)),
  });
  const submit = form.onSubmit((v) => {
    const size = Number(v.room_type) as 2 | 3 | 4;
    join.mutate({ product_id: pkg!.prices[size][0]!.productId, room_type: size, persons: Number(v.persons) });
  });

  return (
    <Modal opened={pkg !== null} onClose={onClose} title="Zet mij op de wachtlijst" centered closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      {pkg && (
        <form onSubmit={submit} noValidate aria-label="Zet mij op de wachtlijst">
          <Stack>
            <Text size="sm">
              {pkg.label}. Komen er plaatsen vrij, dan houden we ze 24 uur voor je vast en krijg je een e-mail. Wie het eerst op de lijst staat, is
              het eerst aan de beurt.
            </Text>
            <Select
              label="Kamergrootte"
              withAsterisk
              allowDeselect={false}
              data={sizes.map((s) => ({ value: String(s), label: `${s}-persoonskamer${pkg.prices[s][0]!.stock > 0 ? '' : ' (uitverkocht)'}` }))}
              {...form.getInputProps('room_type')}
            />
            <NumberInput
              label="Aantal personen"
              withAsterisk
              min={1}
              max={WAITLIST_MAX_PERSONS}
              allowDecimal={false}
              {...form.getInputProps('persons')}
            />
            <FormFooter error={errorMessage(join.error)} onCancel={onClose} busy={join.isPending} submitLabel="Op de wachtlijst" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
