// The office's 'map pin' (docs/RULES.md, 'Screens: Contact'): a drawn map shipped with the app, so no third-party map
// tiles are loaded (no cookies, no tracking). The address links to OpenStreetMap for directions.
import { Anchor, Box, Text } from '@mantine/core';
import { useCompany } from '../../lib/company';

export function OfficeMap() {
  const company = useCompany();
  const address = `${company.street}, ${company.zip} ${company.city}`;
  const mapUrl = `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
  return (
    <Box>
      <Box
        component="svg"
        viewBox="0 0 400 240"
        role="img"
        aria-label={`Kaart met ons kantoor: ${address}`}
        w="100%"
        style={{ display: 'block', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
      >
        <rect width="400" height="240" fill="#eef2e6" />
        {/* canals */}
        <path d="M-10 200 C 80 150, 140 120, 200 118 S 330 130, 410 90" fill="none" stroke="#9cc8e6" strokeWidth="14" />
        <path d="M-10 160 C 70 115, 140 85, 200 82 S 320 90, 410 50" fill="none" stroke="#9cc8e6" strokeWidth="10" />
        <path d="M-10 232 C 90 185, 150 158, 205 155 S 335 168, 410 130" fill="none" stroke="#9cc8e6" strokeWidth="10" />
        {/* streets */}
        <g stroke="#ffffff" strokeWidth="6" fill="none">
          <path d="M60 0 L 120 240" />
          <path d="M180 0 L 210 240" />
          <path d="M300 0 L 270 240" />
          <path d="M0 40 L 400 10" />
        </g>
        <text x="245" y="112" fontSize="11" fill="#3b6b8a" fontFamily="Arial, sans-serif">
          Herengracht
        </text>
        {/* the pin */}
        <g transform="translate(200 118)">
          <ellipse cx="0" cy="2" rx="9" ry="3" fill="rgba(0,0,0,0.25)" />
          <path d="M0 0 C -6 -12, -16 -20, -16 -32 A 16 16 0 1 1 16 -32 C 16 -20, 6 -12, 0 0 Z" fill="#c92a2a" />
          <circle cx="0" cy="-32" r="6" fill="#ffffff" />
        </g>
      </Box>
      <Text size="sm" mt="xs">
        <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer">
          {address} (route op OpenStreetMap)
        </Anchor>
      </Text>
    </Box>
  );
}
