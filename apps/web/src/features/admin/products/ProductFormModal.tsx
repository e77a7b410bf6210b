// The admin product form (docs/RULES.md, 'Validation: Product form'): the shared domain schema validates it, and adding
// turns every chosen type into one product of the POST /api/products array.
import '@mantine/dates/styles.css';
import 'dayjs/locale/nl';
import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { REGIONS, isUmrahType, productTypeLabels, type Region } from '@umrah/domain/enums';
import { HOTELS } from '@umrah/domain/hotels';
import { MSG } from '@umrah/domain/messages';
import {
  PRODUCT_TYPES,
  emptyProductForm,
  productEditFormSchema,
  productFormSchema,
  productFormToInputs,
  productToFormValues,
  type ProductDto,
  type ProductFormValues,
} from '@umrah/domain/validation/product';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { CloseIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/form';
import { parseDutchDate } from '../../auth';
import { PRODUCT_SUCCESS, useSaveProduct } from './api';
import { showNotification } from '../../../lib/notify';

const TYPE_OPTIONS = PRODUCT_TYPES.map((t) => ({ value: String(t), label: `${t}. ${productTypeLabels[t]}` }));
const UMRAH_TYPES = PRODUCT_TYPES.filter(isUmrahType).map(String);
const HOTEL_OPTIONS = HOTELS.map((h) => ({ value: String(h.index), label: `${h.name} (${h.location}, ${h.stars}★)` }));

/** Server field paths ('0.flex.hotels') in the form's names ('hotels'). */
function formErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.details) return {};
  const out: Record<string, string> = {};
  for (const d of err.details) {
    const path = d.path.replace(/^\d+\./, '').replace(/^flex\./, '');
    if (path && !(path in out)) out[path] = d.message;
  }
  return out;
}

export function ProductFormModal({
  opened,
  product,
  region,
  onClose,
}: {
  opened: boolean;
  /** null: adding a product. */
  product: ProductDto | null;
  region: Region;
  onClose: () => void;
}) {
  const editing = product !== null;
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProduct(product?.id ?? null);
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: emptyProductForm(region),
    validate: zodValidate(editing ? productEditFormSchema : productFormSchema),
  });

  useEffect(() => {
    if (!opened) return;
    setError(null);
    const values = product ? productToFormValues(product) : emptyProductForm(region);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is stable; re-initialise only when the modal opens for another product.
  }, [opened, product, region]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const schema = editing ? productEditFormSchema : productFormSchema;
      await save.mutateAsync(productFormToInputs(schema.parse(values)));
      showNotification({ color: 'green', message: editing ? PRODUCT_SUCCESS.updated : PRODUCT_SUCCESS.created });
      onClose();
    } catch (err) {
      form.setErrors(formErrors(err));
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    }
  });

  const v = form.values;
  // Trips need a period, a deadline and hotels; lessons and surcharges do not (the schema agrees).
  const umrah = v.types.some(isUmrahType);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={editing ? 'Product wijzigen' : 'Product toevoegen'}
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
        <form onSubmit={submit} noValidate aria-label={editing ? 'Product wijzigen' : 'Product toevoegen'}>
          <Stack gap="sm">
            <TypeField form={form} editing={editing} />
            <TextInput label="Titel" required {...form.getInputProps('label')} />
            <Textarea label="Beschrijving" required autosize minRows={2} {...form.getInputProps('description')} />
            <PriceFields form={form} />
            <TripFields form={form} required={umrah} />
            <RegionAndClass form={form} />

            <ListFields form={form} />

            <Switch label="Actief (zichtbaar in de webshop)" {...form.getInputProps('is_active', { type: 'checkbox' })} />
            <FormFooter error={error} onCancel={onClose} submitLabel={editing ? 'Opslaan' : 'Toevoegen'} busy={form.submitting} />
          </Stack>
        </form>
      </DatesProvider>
    </Modal>
  );
}

type ProductForm = UseFormReturnType<ProductFormValues>;

/** One type when changing a product; several (one product each) when adding. */
function TypeField({ form, editing }: { form: ProductForm; editing: boolean }) {
  const v = form.values;
  return (
    <>
      {editing ? (
        <Select
          label="Type"
          required
          data={TYPE_OPTIONS}
          value={v.types[0] !== undefined ? String(v.types[0]) : null}
          onChange={(t) => form.setFieldValue('types', t ? [Number(t)] : [])}
          error={form.errors.types}
          allowDeselect={false}
        />
      ) : (
        <Stack gap={4}>
          <MultiSelect
            label="Type"
            description="Per gekozen type wordt één product aangemaakt, met de prijs hieronder; pas daarna per type de prijs aan."
            required
            data={TYPE_OPTIONS}
            value={v.types.map(String)}
            onChange={(list) => form.setFieldValue('types', list.map(Number))}
            error={form.errors.types}
            searchable
            clearable
          />
          <Group gap="xs">
            <Button size="compact-xs" variant="light" onClick={() => form.setFieldValue('types', UMRAH_TYPES.map(Number))}>
              Alle Umrah-types (2-10)
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}

function PriceFields({ form }: { form: ProductForm }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Prijs per persoon"
          required
          prefix="€ "
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          clampBehavior="none"
          {...form.getInputProps('price')}
        />
        <NumberInput label="Voorraad" required allowDecimal={false} clampBehavior="none" {...form.getInputProps('stock')} />
        <NumberInput
          label="Prioriteit"
          description="0 staat bovenaan"
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps('priority')}
        />
      </SimpleGrid>
    </>
  );
}

/** The period, deadline and hotels: required for the Umrah trips only. */
function TripFields({ form, required }: { form: ProductForm; required: boolean }) {
  const v = form.values;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(
          [
            ['start', 'Periode: vertrek', {}],
            ['end', 'Periode: terugkomst', { minDate: v.start ?? undefined }],
            ['payment_deadline', 'Betaaldeadline', { maxDate: v.start ?? undefined }],
          ] as const
        ).map(([field, label, limits]) => (
          <DateInput
            key={field}
            label={label}
            placeholder="DD-MM-JJJJ"
            valueFormat="DD-MM-YYYY"
            dateParser={parseDutchDate}
            required={required}
            clearable
            {...limits}
            value={v[field] ?? null}
            onChange={(d) => form.setFieldValue(field, d)}
            error={form.errors[field]}
          />
        ))}
      </SimpleGrid>
      <MultiSelect
        label="Hotels"
        required={required}
        data={HOTEL_OPTIONS}
        value={v.hotels.map(String)}
        onChange={(list) => form.setFieldValue('hotels', list.map(Number))}
        error={form.errors.hotels}
        searchable
      />
    </>
  );
}

function RegionAndClass({ form }: { form: ProductForm }) {
  const v = form.values;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Land
          </Text>
          <SegmentedControl
            aria-label="Land"
            data={REGIONS.map((r) => ({ value: r, label: r }))}
            value={v.region}
            onChange={(r) => form.setFieldValue('region', r as Region)}
          />
          {form.errors.region && (
            <Text size="xs" c="red">
              {form.errors.region}
            </Text>
          )}
        </Stack>
        <Select
          label="Klasse"
          data={[
            { value: '0', label: 'Firstclass' },
            { value: '1', label: 'Premiumclass' },
          ]}
          value={String(v.type_class)}
          onChange={(c) => form.setFieldValue('type_class', c === '1' ? 1 : 0)}
          error={form.errors.type_class}
          allowDeselect={false}
        />
      </SimpleGrid>
    </>
  );
}

function ListFields({ form }: { form: ProductForm }) {
  const v = form.values;
  const numberOrEmpty = (n: number | string) => (typeof n === 'number' ? n : '');
  return (
    <>
      <RepeatedRows
        title="Bulletpoints"
        items={v.bulletpoints}
        rowLabel="Bulletpoint"
        addLabel="Bulletpoint toevoegen"
        onAdd={() => form.insertListItem('bulletpoints', { label: '', description: '' })}
        onRemove={(i) => form.removeListItem('bulletpoints', i)}
        renderFields={(_, i) => (
          <>
            <TextInput label="Label" required style={{ flex: 1 }} {...form.getInputProps(`bulletpoints.${i}.label`)} />
            <TextInput label="Omschrijving" style={{ flex: 2 }} {...form.getInputProps(`bulletpoints.${i}.description`)} />
          </>
        )}
      />

      <RepeatedRows
        title="Extra's"
        items={v.extras}
        rowLabel="Extra"
        addLabel="Extra toevoegen"
        onAdd={() => form.insertListItem('extras', { label: '', price: 0 })}
        onRemove={(i) => form.removeListItem('extras', i)}
        renderFields={(extra, i) => (
          <>
            <TextInput label="Naam" required style={{ flex: 2 }} {...form.getInputProps(`extras.${i}.label`)} />
            <NumberInput
              label="Prijs per persoon"
              prefix="€ "
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              clampBehavior="none"
              style={{ flex: 1 }}
              {...form.getInputProps(`extras.${i}.price`)}
              value={numberOrEmpty(extra.price)}
            />
          </>
        )}
      />
    </>
  );
}

/** A repeated part of the form (bulletpoints, extras): a titled list of rows, each with a remove button, and an add button. */
function RepeatedRows<T>({
  title,
  items,
  rowLabel,
  addLabel,
  onAdd,
  onRemove,
  renderFields,
}: {
  title: string;
  items: T[];
  rowLabel: string;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderFields: (item: T, index: number) => ReactNode;
}) {
  return (
    <>
      <Divider label={title} labelPosition="left" />
      {items.map((item, i) => (
        <Group key={i} align="flex-start" wrap="nowrap">
          {renderFields(item, i)}
          <ActionIcon variant="subtle" color="red" mt={28} aria-label={`${rowLabel} ${i + 1} verwijderen`} onClick={() => onRemove(i)}>
            <CloseIcon width={16} height={16} />
          </ActionIcon>
        </Group>
      ))}
      <div>
        <Button variant="light" size="xs" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
    </>
  );
}
