// Whether a guest's visa documents are in: used by the wizard, 'Mijn bestellingen' and the admin.
import { Badge, type BadgeProps } from '@mantine/core';

export function DocumentsBadge({ delivered, ...props }: { delivered: boolean } & BadgeProps) {
  return (
    <Badge
      variant="light"
      color={delivered ? 'green' : 'orange'}
      // Dark text on the light tint: the theme's green/orange text falls below WCAG AA on it.
      c="dark.7"
      tt="none"
      {...props}
    >
      {delivered ? 'Documenten compleet' : 'Documenten ontbreken'}
    </Badge>
  );
}
