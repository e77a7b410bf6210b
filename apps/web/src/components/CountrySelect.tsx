// A searchable country list with Dutch names (SPEC 3 'Country list', from i18n-iso-countries via the
// domain). The value is the ISO alpha-2 code; an older free-text value (accounts made before the
// list existed) stays selectable as an extra option, so saving such an account changes nothing.
import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { COUNTRIES, isCountryCode } from '@umrah/domain/countries';

const OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

export function countryOptions(current: string | null | undefined) {
  const value = current?.trim() ?? '';
  if (value === '' || isCountryCode(value)) return OPTIONS;
  return [{ value, label: value }, ...OPTIONS];
}

export type CountrySelectProps = Omit<SelectProps, 'data' | 'onChange' | 'value'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

export function CountrySelect({ value, onChange, ...props }: CountrySelectProps) {
  const data = useMemo(() => countryOptions(value), [value]);
  return (
    <Select
      searchable
      selectFirstOptionOnChange
      autoSelectOnBlur
      // A required choice: clicking the chosen country again must not empty the field.
      allowDeselect={false}
      nothingFoundMessage="Geen land gevonden"
      placeholder="Kies of typ een land"
      limit={300}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value || null}
      onChange={(v) => onChange?.(v ?? '')}
    />
  );
}
