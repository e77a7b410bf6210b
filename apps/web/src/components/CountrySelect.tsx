// A searchable country list with Dutch names (docs/RULES.md, 'Entities: Country list', from i18n-iso-countries via the
// domain), or with `nationalities` the same countries as Dutch nationalities ('Marokkaanse'), as a
// nationality field asks. The value is the ISO alpha-2 code either way; an older free-text value (accounts made before the
// list existed) stays selectable as an extra option, so saving such an account changes nothing.
import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { COUNTRIES, NATIONALITY_LIST, isCountryCode } from '@umrah/domain/countries';

const OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const NATIONALITY_OPTIONS = NATIONALITY_LIST.map((c) => ({ value: c.code, label: c.nationality }));

export function countryOptions(current: string | null | undefined, nationalities = false) {
  const value = current?.trim() ?? '';
  const options = nationalities ? NATIONALITY_OPTIONS : OPTIONS;
  if (value === '' || isCountryCode(value)) return options;
  return [{ value, label: value }, ...options];
}

export type CountrySelectProps = Omit<SelectProps, 'data' | 'onChange' | 'value'> & {
  value?: string | null;
  onChange?: (value: string) => void;
  /** List the nationalities ('Nederlandse') instead of the country names. */
  nationalities?: boolean;
};

export function CountrySelect({ value, onChange, nationalities = false, ...props }: CountrySelectProps) {
  const data = useMemo(() => countryOptions(value, nationalities), [value, nationalities]);
  return (
    <Select
      searchable
      selectFirstOptionOnChange
      autoSelectOnBlur
      // A required choice: clicking the chosen country again must not empty the field.
      allowDeselect={false}
      nothingFoundMessage={nationalities ? 'Geen nationaliteit gevonden' : 'Geen land gevonden'}
      placeholder={nationalities ? 'Kies of typ een nationaliteit' : 'Kies of typ een land'}
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
