// 'Bedrag (€)': an amount in euros typed the Dutch way (1.250,50), two decimals, not below zero.
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function EuroInput(props: NumberInputProps) {
  return <NumberInput label="Bedrag (€)" min={0} decimalScale={2} decimalSeparator="," thousandSeparator="." {...props} />;
}
