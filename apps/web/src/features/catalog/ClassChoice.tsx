import { useId, type KeyboardEvent } from 'react';
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { TypeClass, typeClassLabels } from '@umrah/domain/enums';
import classes from './catalog.module.css';

const DESCRIPTIONS: Record<TypeClass, string> = {
  0: 'De beste hotels, het dichtst bij de Haram.',
  1: 'Comfortabele hotels, tot € 150,- voordeliger per persoon.',
};

const CLASSES = [TypeClass.FIRSTCLASS, TypeClass.PREMIUMCLASS] as TypeClass[];

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
  const id = useId();
  const choosable = CLASSES.filter((c) => available.includes(c));
  // One tab stop for the group, as with native radios: the chosen class, else the first choosable.
  const tabStop = selected !== null && choosable.includes(selected) ? selected : (choosable[0] ?? null);

  // Arrow keys move the choice within the group (WAI-ARIA radio group pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, c: TypeClass) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0 || choosable.length === 0) return;
    e.preventDefault();
    const at = choosable.indexOf(c);
    const next = choosable[(at + step + choosable.length) % choosable.length];
    if (next === undefined) return;
    onSelect(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" role="radiogroup" aria-label="Klasse">
      {CLASSES.map((c) => {
        const disabled = !available.includes(c);
        return (
          <UnstyledButton
            key={c}
            id={`${id}-${c}`}
            role="radio"
            // Named by the class alone, the description read after it: 'Firstclass, radio button'.
            aria-labelledby={`${id}-${c}-label`}
            aria-describedby={`${id}-${c}-description`}
            aria-checked={selected === c}
            aria-disabled={disabled}
            tabIndex={c === tabStop ? 0 : -1}
            className={classes.tile}
            data-active={selected === c || undefined}
            data-disabled={disabled || undefined}
            onClick={() => !disabled && onSelect(c)}
            onKeyDown={(e) => onKeyDown(e, c)}
          >
            <Text fw={700} size="lg" id={`${id}-${c}-label`}>
              {typeClassLabels[c]}
            </Text>
            <Text size="sm" c="dimmed" id={`${id}-${c}-description`}>
              {disabled ? 'Niet beschikbaar voor deze reis.' : DESCRIPTIONS[c]}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
