import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { TypeClass, typeClassLabels } from '@umrah/domain/enums';
import classes from './catalog.module.css';

const DESCRIPTIONS: Record<TypeClass, string> = {
  0: 'De beste hotels, het dichtst bij de Haram.',
  1: 'Comfortabele hotels, tot € 150,- voordeliger per persoon.',
};

/** Firstclass or Premiumclass; a class without packages in this trip cannot be chosen. */
export function ClassChoice({
  available,
  selected,
  onSelect,
}: {
  available: TypeClass[];
  selected: TypeClass | null;
  onSelect: (c: TypeClass) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" role="radiogroup" aria-label="Klasse">
      {([TypeClass.FIRSTCLASS, TypeClass.PREMIUMCLASS] as TypeClass[]).map((c) => {
        const disabled = !available.includes(c);
        return (
          <UnstyledButton
            key={c}
            role="radio"
            aria-checked={selected === c}
            aria-disabled={disabled}
            className={classes.tile}
            data-active={selected === c || undefined}
            data-disabled={disabled || undefined}
            onClick={() => !disabled && onSelect(c)}
          >
            <Text fw={700} size="lg">
              {typeClassLabels[c]}
            </Text>
            <Text size="sm" c="dimmed">
              {disabled ? 'Niet beschikbaar voor deze reis.' : DESCRIPTIONS[c]}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
