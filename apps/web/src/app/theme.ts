import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const CALENDAR_LABELS = {
  nextMonth: 'Volgende maand',
  previousMonth: 'Vorige maand',
  nextYear: 'Volgend jaar',
  previousYear: 'Vorig jaar',
  nextDecade: 'Volgende tien jaar',
  previousDecade: 'Vorige tien jaar',
};

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 keeps white button text and teal links above the 4.5:1 contrast ratio.
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // Names for controls that Mantine draws as icons only (axe: button-name). Plain objects, so the
  // theme does not pull @mantine/dates into every page.
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Melding sluiten' } } },
    ...Object.fromEntries(
      ['DateInput', 'DatePickerInput', 'DatePicker', 'Calendar'].map((name) => [name, { defaultProps: { ariaLabels: CALENDAR_LABELS } }]),
    ),
  },
});

/** Mantine's default 'dimmed' grey is too light to read (contrast below 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Red 8 is 4.1:1 on white: error texts and invalid inputs need red 9.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-grape-light-color': 'var(--mantine-color-grape-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    // Orange, green and yellow 9 stay below 4.5:1 on their own light badge background ('Niet betaald',
    // 'Factuur', 'In behandeling'): a darker tone of each (about 5.5:1).
    '--mantine-color-orange-light-color': '#b03a0c',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-yellow-light-color': '#8a4b00',
  },
  dark: {},
});
