// Admin 'Producten' (docs/RULES.md, 'Screens'): add button, search by label, accordion list of the chosen region,
// add/edit modal and delete. Products of one title and period form one accordion item.
import { useState } from 'react';
import { Accordion, Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import {
  EXCLUSIVE_ROOM_PRODUCT_ID,
  NON_EU_PASSPORT_PRODUCT_ID,
  REGIONS,
  isLessonType,
  productTypeLabels,
  typeClassLabels,
  type Region,
} from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import type { ProductDto } from '@umrah/domain/validation/product';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { useConfirm } from '../../../components/admin-kit/useConfirm';
import { ColumnsTable, DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { errorMessage } from '../../../lib/notify';
import { ProductFormModal } from './ProductFormModal';
import { usePreferences } from '../../preferences';
import { adminProductsQuery, useDeleteProduct } from './api';

interface ProductGroup {
  key: string;
  label: string;
  start: string | null;
  end: string | null;
  typeClass: number;
  products: ProductDto[];
}

function groupProducts(list: readonly ProductDto[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const p of list) {
    const key = `${p.label}|${p.start ?? ''}|${p.end ?? ''}|${p.flex.type_class}`;
    const g = groups.get(key) ?? { key, label: p.label, start: p.start, end: p.end, typeClass: p.flex.type_class, products: [] };
    g.products.push(p);
    groups.set(key, g);
  }
  // Products without a period (lessons, surcharges) after the trips.
  return [...groups.values()].sort((a, b) => (a.start ?? '9999').localeCompare(b.start ?? '9999') || a.label.localeCompare(b.label));
}

/** Why a product cannot be deleted, or null. */
function undeletable(p: ProductDto): string | null {
  if (isLessonType(p.type)) return 'Lesproducten kunnen niet worden verwijderd.';
  if (p.id === NON_EU_PASSPORT_PRODUCT_ID || p.id === EXCLUSIVE_ROOM_PRODUCT_ID) return 'Dit product is nodig voor bestellingen.';
  return null;
}

const activeBadge = (p: ProductDto) =>
  p.is_active ? (
    <Badge color="teal" variant="light">
      actief
    </Badge>
  ) : (
    <Badge color="gray">inactief</Badge>
  );

function productColumns(onEdit: (p: ProductDto) => void, onDelete: (p: ProductDto) => void): Column<ProductDto>[] {
  return [
    { key: 'id', header: 'Id', cell: (p) => p.id },
    { key: 'type', header: 'Type', cell: (p) => productTypeLabels[p.type] ?? p.type },
    { key: 'price', header: 'Prijs', th: { ta: 'right' }, td: { ta: 'right' }, cell: (p) => formatEuro(p.price) },
    { key: 'stock', header: 'Voorraad', th: { ta: 'right' }, td: { ta: 'right' }, cell: (p) => p.stock },
    { key: 'status', header: 'Status', cell: activeBadge },
    actionsColumn(
      (p) => [
        { label: 'Wijzigen', onClick: () => onEdit(p), ariaLabel: `Product ${p.id} wijzigen` },
        {
          label: 'Verwijderen',
          variant: 'subtle',
          color: 'red',
          disabled: undeletable(p) !== null,
          tooltip: undeletable(p),
          onClick: () => onDelete(p),
          ariaLabel: `Product ${p.id} verwijderen`,
        },
      ],
      { end: true },
    ),
  ];
}

function GroupTitle({ group: g }: { group: ProductGroup }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
      <Stack gap={0}>
        <Text fw={600}>{g.label}</Text>
        <Text size="sm" c="dimmed">
          {g.start ? `${formatDate(g.start)} t/m ${formatDate(g.end)}` : 'Zonder periode'}
        </Text>
      </Stack>
      <Group gap={6}>
        {g.start && <Badge variant="light">{typeClassLabels[g.typeClass as 0 | 1]}</Badge>}
        <Badge variant="outline" color="gray">
          {g.products.length} {g.products.length === 1 ? 'product' : 'producten'}
        </Badge>
        {g.products.some((p) => !p.is_active) && (
          <Badge color="gray" variant="filled">
            inactief
          </Badge>
        )}
      </Group>
    </Group>
  );
}

export default function ProductsTab() {
  const { region, setRegion } = usePreferences();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ProductDto | null>(null);
  // One answer with every match: the search is the server's, there are no pages.
  const list = usePagedSearch({ query: (q) => adminProductsQuery(region, q), rows: (products) => products, trim: true });
  const remove = useDeleteProduct();
  const confirmDelete = useConfirm(remove, (p: ProductDto) => p.id);
  const deleting = confirmDelete.target;

  const openForm = (p: ProductDto | null) => {
    setEditing(p);
    setFormOpen(true);
  };
  const columns = productColumns(openForm, confirmDelete.ask);

  return (
    <AdminTab title="Producten" action={<Button onClick={() => openForm(null)}>Product toevoegen</Button>}>
      <DataTable
        {...list.table}
        searchBox={{
          label: 'Zoeken op label',
          placeholder: 'Bijv. Umrah maart',
          aside: (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="regio-filter">
                Regio
              </Text>
              <SegmentedControl
                aria-labelledby="regio-filter"
                data={REGIONS.map((r) => ({ value: r, label: r }))}
                value={region}
                onChange={(r) => setRegion(r as Region)}
              />
            </Stack>
          ),
        }}
        loadingLabel="Producten laden"
        empty="Geen producten gevonden."
        renderRows={(products) => (
          <Accordion variant="separated" multiple chevronPosition="left">
            {groupProducts(products).map((g) => (
              <Accordion.Item key={g.key} value={g.key} data-testid="product-groep">
                <Accordion.Control>
                  <GroupTitle group={g} />
                </Accordion.Control>
                <Accordion.Panel>
                  <Table.ScrollContainer minWidth={640}>
                    <ColumnsTable
                      columns={columns}
                      rows={g.products}
                      rowProps={(p) => ({ 'data-testid': `product-${p.id}` })}
                      striped={false}
                      highlightOnHover={false}
                      verticalSpacing="xs"
                    />
                  </Table.ScrollContainer>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      />

      <ProductFormModal key={editing?.id ?? 'nieuw'} opened={formOpen} product={editing} region={region} onClose={() => setFormOpen(false)} />
      <ConfirmModal {...confirmDelete.modal} title="Product verwijderen" error={errorMessage(remove.error)}>
        {deleting && (
          <Text>
            Weet je zeker dat je <b>{deleting.label}</b> ({productTypeLabels[deleting.type]}, id {deleting.id}) wilt verwijderen?
          </Text>
        )}
      </ConfirmModal>
    </AdminTab>
  );
}
