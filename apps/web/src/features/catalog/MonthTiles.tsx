import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { MonthTile, MonthTileStatus } from '@umrah/domain/months';
import classes from './catalog.module.css';

// 'Binnenkort online' does not fit a narrow phone tile on one line: let it wrap instead of cutting it off.
const WRAPPING_BADGE = { root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

const STATUS_COLOR: Record<MonthTileStatus, string> = { available: 'teal', soldout: 'red', soon: 'gray' };

/**
 * The month tiles of docs/RULES.md, 'Screens': a month with stocked trips can be chosen; a sold-out month and a month
 * without trips show their state but have nothing to choose. The last tile asks for a custom date.
 */
export function MonthTiles({
  tiles,
  selected,
  onSelect,
  onCustom,
}: {
  tiles: MonthTile[];
  selected: string | null;
  onSelect: (key: string) => void;
  onCustom: () => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" role="list" aria-label="Maanden">
      {tiles.map((tile) => {
        const disabled = tile.status !== 'available';
        return (
          <div role="listitem" key={tile.key}>
            <UnstyledButton
              className={classes.tile}
              data-testid={`maand-${tile.key}`}
              data-status={tile.status}
              data-active={selected === tile.key || undefined}
              data-disabled={disabled || undefined}
              aria-disabled={disabled}
              aria-pressed={selected === tile.key}
              onClick={() => !disabled && onSelect(tile.key)}
              w="100%"
            >
              <Text fw={700} size="lg" className={classes.monthName}>
                {tile.label}
              </Text>
              <Text size="sm" c="dimmed">
                {tile.hijri}
              </Text>
              <Badge color={STATUS_COLOR[tile.status]} variant={disabled ? 'light' : 'filled'} mt="auto" styles={WRAPPING_BADGE}>
                {tile.text}
              </Badge>
            </UnstyledButton>
          </div>
        );
      })}
      <div role="listitem">
        <UnstyledButton className={`${classes.tile} ${classes.custom}`} onClick={onCustom} w="100%" data-testid="maand-op-maat">
          <Text fw={700} size="lg">
            Eigen datum
          </Text>
          <Text size="sm" c="dimmed">
            Umrah op maat
          </Text>
          <Badge color="teal" variant="outline" mt="auto">
            Vraag aan
          </Badge>
        </UnstyledButton>
      </div>
    </SimpleGrid>
  );
}
