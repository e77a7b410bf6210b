import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Select, Stack } from '@mantine/core';
import { REGIONS, type Region } from '@umrah/domain/enums';
import { type Locale, LOCALES, usePreferences } from '../../features/preferences';

const REGION_LABELS: Record<Region, string> = { NL: 'Nederland (NL)', BE: 'België (BE)' };

export default function RegionModal() {
  const prefs = usePreferences();
  const [region, setRegion] = useState<Region>(prefs.region);
  const [locale, setLocale] = useState<Locale>(prefs.locale);
  useEffect(() => {
    if (prefs.regionModalOpened) {
      setRegion(prefs.region);
      setLocale(prefs.locale);
    }
  }, [prefs.regionModalOpened, prefs.region, prefs.locale]);

  return (
    <Modal opened={prefs.regionModalOpened} onClose={prefs.closeRegionModal} title="Regio en taal" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Radio.Group label="Regio" description="De regio bepaalt welke pakketten je ziet." value={region} onChange={(v) => setRegion(v as Region)}>
          <Stack gap="xs" mt="xs">
            {REGIONS.map((r) => (
              <Radio key={r} value={r} label={REGION_LABELS[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label="Taal"
          data={LOCALES.map((l) => ({ value: l.value, label: l.label }))}
          value={locale}
          onChange={(v) => v && setLocale(v as Locale)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={prefs.closeRegionModal}>
            Annuleren
          </Button>
          <Button
            onClick={() => {
              prefs.setRegion(region);
              prefs.setLocale(locale);
              prefs.closeRegionModal();
            }}
          >
            Opslaan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
