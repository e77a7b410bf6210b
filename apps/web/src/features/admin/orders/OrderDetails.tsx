// The expanded part of an order in the admin list: rooms with their guests (with whether their visa
// documents are complete, a 'Documenten' view and 'Documenten resetten'), the priced lines
// (donations and discounts among them) and the discount codes on it.
import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { AgeCategory, ageCategoryLabels } from '@umrah/domain/enums';
import type { AdminOrder } from './api';
import { chosenDiscounts } from './payload';
import { OrderLog } from './OrderLog';
import { ResetDocumentsModal } from './ResetDocumentsModal';
import { VisaDocumentsModal } from './VisaDocumentsModal';
import { OrderLinesTable } from '../../../components/Amounts';
import { orderRoomTitle } from '../../../components/orderRooms';
import { DocumentsBadge } from '../../../components/DocumentsBadge';
import { useReadOnlyAdmin } from '../roles';

const GUEST_GENDER = ['man', 'vrouw'];

type DocumentsDialog = { kind: 'view' | 'reset'; guestId: number } | null;

export function OrderDetails({ order }: { order: AdminOrder }) {
  const discounts = chosenDiscounts(order);
  const [documents, setDocuments] = useState<DocumentsDialog>(null);
  // Passports are the admin's (an admin-only API); the bookkeeper sees whether they are complete only.
  const readOnly = useReadOnlyAdmin();
  const guests = order.rooms.flatMap((r) => r.guests);
  const delivered = guests.filter((g) => g.has_documents).map((g) => ({ id: g.id, name: `${g.first_name} ${g.last_name}`.trim() }));
  return (
    <Stack gap="sm">
      {order.rooms.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {order.rooms.map((room, i) => (
            <RoomGuests key={room.id} room={room} index={i} onDocuments={readOnly ? null : setDocuments} />
          ))}
        </SimpleGrid>
      )}
      <OrderLinesTable order={order} unitPrice withTotal fz="sm" />
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Kortingscodes:
        </Text>
        {discounts.length === 0 ? (
          <Text size="sm" c="dimmed">
            Geen
          </Text>
        ) : (
          discounts.map((d) => (
            <Badge key={d} variant="outline" tt="none">
              {d}
            </Badge>
          ))
        )}
        {order.flex.pay_partly === true && (
          <Text size="sm" c="dimmed">
            · Klant koos voor een aanbetaling van 50%
          </Text>
        )}
      </Group>
      <OrderLog order={order} />
      {documents?.kind === 'view' && (
        <VisaDocumentsModal
          orderId={order.id}
          guestId={documents.guestId}
          onClose={() => setDocuments(null)}
          onReset={() => setDocuments({ kind: 'reset', guestId: documents.guestId })}
        />
      )}
      {documents?.kind === 'reset' && (
        <ResetDocumentsModal
          orderId={order.id}
          orderNumber={order.order_number}
          guests={delivered}
          preselected={[documents.guestId]}
          onClose={() => setDocuments(null)}
        />
      )}
    </Stack>
  );
}

type Room = AdminOrder['rooms'][number];

/** One room with its guests; `onDocuments` is null for the bookkeeper (no passports to open). */
function RoomGuests({ room, index, onDocuments }: { room: Room; index: number; onDocuments: ((dialog: DocumentsDialog) => void) | null }) {
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {orderRoomTitle(room, index)}
      </Text>
      <Text size="sm" component="ul" m={0} pl="lg">
        {room.guests.map((g) => (
          <li key={g.id}>
            {g.first_name} {g.last_name} ({(ageCategoryLabels[g.age_category as AgeCategory] ?? '').toLowerCase()}
            {room.room_gender === 2 && g.gender !== null && GUEST_GENDER[g.gender] ? `, ${GUEST_GENDER[g.gender]}` : ''}
            {g.age_category !== AgeCategory.ADULT && !g.bed_included ? ', zonder bed' : ''}
            {!g.european_passport ? ', geen Europees paspoort' : ''}
            {g.flex.disabled ? ', rolstoel' : ''})
            <Group gap={6} mt={2} mb={4} wrap="wrap" data-guest-documents={g.id}>
              <DocumentsBadge delivered={g.has_documents} size="sm" />
              {g.has_documents && onDocuments && (
                <>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onDocuments({ kind: 'view', guestId: g.id })}
                    aria-label={`Documenten van ${g.first_name} ${g.last_name}`}
                  >
                    Documenten
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onDocuments({ kind: 'reset', guestId: g.id })}
                    aria-label={`Documenten resetten van ${g.first_name} ${g.last_name}`}
                  >
                    Documenten resetten
                  </Button>
                </>
              )}
            </Group>
          </li>
        ))}
      </Text>
      {Array.isArray(room.flex.extras) && room.flex.extras.length > 0 && (
        <Text size="xs" c="dimmed">
          Extra&apos;s: {room.flex.extras.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
