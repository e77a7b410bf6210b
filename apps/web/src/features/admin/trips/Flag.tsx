import { Group } from '@mantine/core';
import classes from './trips.module.css';

const NAMES: Record<string, string> = { NL: 'Nederland', BE: 'België' };

/** The flag of a trip's region (NL or BE), drawn in CSS, with the country as its accessible name. */
export function Flag({ region }: { region: string }) {
  const code = region.toUpperCase();
  const cls = code === 'NL' ? classes.flagNL : code === 'BE' ? classes.flagBE : classes.flagOther;
  return <span className={`${classes.flag} ${cls}`} role="img" aria-label={`Vlag van ${NAMES[code] ?? code}`} data-region={code} />;
}

export const regionName = (region: string) => NAMES[region.toUpperCase()] ?? region;

/** The regions of a trip: `regions` when the API sends it, else 'NL', 'BE' or 'NL/BE' split. */
export const tripRegions = (trip: { region: string; regions?: string[] }) =>
  trip.regions && trip.regions.length > 0 ? trip.regions : trip.region.split('/').filter(Boolean);

export function Flags({ regions }: { regions: string[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {regions.map((r) => (
        <Flag key={r} region={r} />
      ))}
    </Group>
  );
}
