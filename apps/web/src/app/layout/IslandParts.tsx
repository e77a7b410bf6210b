// The parts the island script of a public page shows without React (src/islands.ts): drawn here by
// the same components the app uses, so they look and read the same, and sent in a <template>.
import { Indicator } from '@mantine/core';
import { CookieBannerView } from './CookieBanner';
import { MainMenu, MenuButton } from './Header';

/** Each part in a wrapper named by data-island; the island script clones the wrapper's first element. */
export function IslandParts() {
  return (
    <>
      <div data-island="menu-button">
        <MenuButton open />
      </div>
      <div data-island="menu">
        <MainMenu />
      </div>
      <div data-island="cookies">
        <CookieBannerView />
      </div>
      <div data-island="badge">
        <Indicator label={0} size={16} offset={4}>
          <span />
        </Indicator>
      </div>
    </>
  );
}
