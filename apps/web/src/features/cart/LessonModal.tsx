// A lesson into the cart (docs/RULES.md, 'Entities: arabia' entry): the days and time slots the student is available,
// checked with the shared availability schema. Admins can put it in the admin cart instead.
import { useNavigate } from 'react-router';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { productTypeLabels } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import type { ProductDto } from '@umrah/domain/validation/product';
import { useAuth } from '../auth';
import { ADMIN_CART_KEY, CART_KEY, addCartItem, type CartKey } from './cartStorage';
import { ADDED_MESSAGE } from './describe';
import { AvailabilityFields, useAvailability } from './EditModals';
import type { ArabiaEntry } from './types';
import { showNotification } from '../../lib/notify';

export function LessonModal({ lesson, onClose }: { lesson: ProductDto; onClose: () => void }) {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const availability = useAvailability();

  const add = (key: CartKey) => {
    const parsed = availability.check();
    if (!parsed) return;
    const entry: ArabiaEntry = {
      type: 'arabia',
      id: lesson.id,
      label: lesson.label,
      available_days: parsed.days,
      available_times: parsed.times,
      exclusive: false,
    };
    addCartItem(key, entry);
    showNotification({ color: 'green', message: ADDED_MESSAGE });
    onClose();
    if (key === ADMIN_CART_KEY) navigate('/admin-winkelwagen');
  };

  return (
    <Modal opened onClose={onClose} title="Les toevoegen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <div>
          <Text fw={600}>{lesson.label}</Text>
          <Text size="sm" c="dimmed">
            {productTypeLabels[lesson.type]} · {formatEuro(lesson.price)}
          </Text>
        </div>
        <Text size="sm">Wanneer kun je les volgen? Kies de dagen en tijden die je passen; wij plannen de lessen daarbinnen.</Text>
        <AvailabilityFields {...availability.fields} />
        <Group justify="flex-end">
          {isAdmin && (
            <Button variant="outline" color="grape" onClick={() => add(ADMIN_CART_KEY)}>
              Volgende (Admin)
            </Button>
          )}
          <Button onClick={() => add(CART_KEY)}>In winkelwagen</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
