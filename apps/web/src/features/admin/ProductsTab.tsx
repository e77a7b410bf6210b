// Admin 'Producten' (SPEC 2): add button, search by label, accordion list of the chosen region,
// add/edit modal and delete. Products of one title and period form one accordion item.
import { useMemo, useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { MSG } from '@umrah/domain/messages';
import { formatEuro } from '@umrah/domain/money';
import type { ProductDto } from '@umrah/domain/validation/product';
import { EmptyState, LoadError, PageLoader } from '../../components/Feedback';
import { ApiError, apiDelete, apiGet } from '../../lib/api';
import { catalogKeys } from '../catalog/api';
import { PRODUCT_SUCCESS, ProductFormModal } from '../catalog/ProductFormModal';
import { usePreferences } from '../preferences/PreferencesProvider';

interface ProductGroup {
  key: string;
  label: string;
  start: string | null;
  end: string | null;
  typeClass: number;
  products: ProductDto[];
}

function groupProducts(list: ProductDto[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const p of list) {
    const key = `${p.label}|${p.start ?? ''}|${p.end ?? ''}|${p.flex.type_class}`;
    const g = groups.get(key) ?? { key, label: p.label, start: p.start, end: p.end, typeClass: p.flex.type_class, products: [] };
    g.products.push(p);
    groups.set(key, g);
  }
  // Products without a period (lessons, surcharges) after the trips.
  return [...groups.values()].sort(
    (a, b) => (a.start ?? '9999').localeCompare(b.start ?? '9999') || a.label.localeCompare(b.label),
  );
}

/** Why a product cannot be deleted, or null. */
function undeletable(p: ProductDto): string | null {
  if (isLessonType(p.type)) return 'Lesproducten kunnen niet worden verwijderd.';
  if (p.id === NON_EU_PASSPORT_PRODUCT_ID || p.id === EXCLUSIVE_ROOM_PRODUCT_ID) return 'Dit product is nodig voor bestellingen.';
  return null;
}

export default function ProductsTab() {
  const { region, setRegion } = usePreferences();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);

  const list = useQuery({
    queryKey: [...catalogKeys.admin, region, q],
    queryFn: ({ signal }) =>
      apiGet<{ products: ProductDto[] }>('/api/admin/products', { region, q }, signal).then((r) => r.products),
    placeholderData: (previous) => previous,
  });
  const groups = useMemo(() => groupProducts(list.data ?? []), [list.data]);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (p: ProductDto) => {
    setEditing(p);
    setFormOpen(true);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Producten
        </Title>
        <Button onClick={openAdd}>Product toevoegen</Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Zoeken op label"
          placeholder="Bijv. Umrah maart"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
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
      </Group>

      {list.isPending ? (
        <PageLoader label="Producten laden..." />
      ) : list.isError ? (
        <LoadError />
      ) : groups.length === 0 ? (
        <EmptyState>Geen producten gevonden.</EmptyState>
      ) : (
        <Accordion variant="separated" multiple chevronPosition="left">
          {groups.map((g) => (
            <Accordion.Item key={g.key} value={g.key} data-testid="product-groep">
              <Accordion.Control>
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
              </Accordion.Control>
              <Accordion.Panel>
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Id</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th ta="right">Prijs</Table.Th>
                        <Table.Th ta="right">Voorraad</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {g.products.map((p) => {
                        const blocked = undeletable(p);
                        return (
                          <Table.Tr key={p.id} data-testid={`product-${p.id}`}>
                            <Table.Td>{p.id}</Table.Td>
                            <Table.Td>{productTypeLabels[p.type] ?? p.type}</Table.Td>
                            <Table.Td ta="right">{formatEuro(p.price)}</Table.Td>
                            <Table.Td ta="right">{p.stock}</Table.Td>
                            <Table.Td>
                              {p.is_active ? (
                                <Badge color="teal" variant="light">
                                  actief
                                </Badge>
                              ) : (
                                <Badge color="gray">inactief</Badge>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Group gap="xs" justify="flex-end" wrap="nowrap">
                                <Button size="xs" variant="light" onClick={() => openEdit(p)} aria-label={`Product ${p.id} wijzigen`}>
                                  Wijzigen
                                </Button>
                                <Tooltip label={blocked ?? ''} disabled={!blocked}>
                                  <Button
                                    size="xs"
                                    variant="subtle"
                                    color="red"
                                    disabled={blocked !== null}
                                    onClick={() => setDeleting(p)}
                                    aria-label={`Product ${p.id} verwijderen`}
                                  >
                                    Verwijderen
                                  </Button>
                                </Tooltip>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}

      <ProductFormModal
        key={editing?.id ?? 'nieuw'}
        opened={formOpen}
        product={editing}
        region={region}
        onClose={() => setFormOpen(false)}
      />
      <DeleteProductModal product={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function DeleteProductModal({ product, onClose }: { product: ProductDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!product) return;
    setBusy(true);
    setError(null);
    try {
      const res = await apiDelete<{ message: string; deactivated: boolean }>(`/api/product/${product.id}`);
      // A product that orders refer to is deactivated by the server instead; it says so.
      notifications.show(
        res.deactivated ? { color: 'yellow', message: res.message } : { color: 'green', message: PRODUCT_SUCCESS.deleted },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.admin }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={product !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title="Product verwijderen"
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      {product && (
        <Stack>
          <Text>
            Weet je zeker dat je <b>{product.label}</b> ({productTypeLabels[product.type]}, id {product.id}) wilt verwijderen?
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuleren
            </Button>
            <Button color="red" onClick={confirm} loading={busy}>
              Verwijderen
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
