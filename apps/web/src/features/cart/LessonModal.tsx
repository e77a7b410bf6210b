// A lesson into the cart (SPEC 3 'arabia' entry): the days and time slots the student is available,
// checked with the shared availability schema. Admins can put it in the admin cart instead.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { productTypeLabels } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { arabiaAvailabilityFormSchema } from '@umrah/domain/validation/order';
import type { ProductDto } from '@umrah/domain/validation/product';
import { useAuth } from '../auth/AuthProvider';
import { ADMIN_CART_KEY, CART_KEY, addCartItem, type CartKey } from './cartStorage';
import { AvailabilityFields, availabilityErrors } from './EditModals';
import type { ArabiaEntry } from './types';

export const ADDED_MESSAGE = 'Product is toegevoegd in je winkelwagen!';

export function LessonModal({ lesson, onClose }: { lesson: ProductDto; onClose: () => void }) {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const [days, setDays] = useState<string[]>([]);
  const [times, setTimes] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = (key: CartKey) => {
    const found = availabilityErrors(days, times);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const parsed = arabiaAvailabilityFormSchema.parse({ days, times });
    const entry: ArabiaEntry = {
      type: 'arabia',
      id: lesson.id,
      label: lesson.label,
      available_days: parsed.days,
      available_times: parsed.times,
      exclusive: false,
    };
    addCartItem(key, entry);
    notifications.show({ color: 'green', message: ADDED_MESSAGE });
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
        <AvailabilityFields
          days={days}
          times={times}
          errors={errors}
          onDays={(d) => {
            setDays(d);
            if (Object.keys(errors).length) setErrors(availabilityErrors(d, times));
          }}
          onTimes={(t) => {
            setTimes(t);
            if (Object.keys(errors).length) setErrors(availabilityErrors(days, t));
          }}
        />
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
