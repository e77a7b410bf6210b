// Writes the SVG illustrations the shop ships with (hotels, articles, flyers, team, logos,
// banners) into apps/web/public/images. Run: npx tsx apps/web/scripts/make-images.ts
// The output is committed; run again only to change the drawings.
import path from 'node:path';
import { HOTELS, type HotelLocation } from '../../../packages/domain/src/hotels.ts';
import { OUT, FONT, esc, write, svg, gradient, clockTower, mosque, hotelTower, stars } from './image-parts.ts';

// ---- hotels -------------------------------------------------------------------------------

interface Palette {
  day: string[];
  dusk: string[];
  ground: string;
  building: string;
  accent: string;
}
/** One location's colours: day sky, dusk sky (top to horizon), ground, buildings, accent. */
const palette = (day: string[], dusk: string[], ground: string, building: string, accent: string): Palette => ({
  day,
  dusk,
  ground,
  building,
  accent,
});

const PALETTE: Record<HotelLocation, Palette> = {
  Mekka: palette(['#f9d9a0', '#f3b778', '#e08e5a'], ['#2b2450', '#7a3f6b', '#e7895a'], '#5a3a2a', '#3a2a35', '#f6c453'),
  Medina: palette(['#cfeee3', '#9bd6c2', '#5fb39b'], ['#12324a', '#1f5f63', '#7fbf9c'], '#24463d', '#1d3a35', '#3fbf7f'),
  Jeddah: palette(['#d7ecfb', '#9ccbef', '#5aa2d8'], ['#0f2447', '#254d82', '#f0a36b'], '#1e3b5a', '#18314b', '#7fd0ff'),
};

function hotelImage(name: string, location: HotelLocation, starCount: number, variant: 1 | 2) {
  const W = 800;
  const H = 560;
  const p = PALETTE[location];
  const sky = variant === 1 ? p.day : p.dusk;
  const base = 430;
  const id = `g${variant}`;
  const lit = variant === 1 ? '#cfe3f0' : '#ffd98a';
  let scene = '';
  if (location === 'Mekka') {
    scene =
      variant === 1
        ? clockTower(560, base, 0.95, p.building) +
          hotelTower(120, base, 150, 230, p.building, lit, 3) +
          hotelTower(300, base, 110, 170, p.building, lit, 5)
        : hotelTower(90, base, 170, 260, p.building, lit, 7) +
          clockTower(420, base, 0.85, p.building) +
          hotelTower(580, base, 140, 200, p.building, lit, 11);
  } else if (location === 'Medina') {
    scene =
      variant === 1
        ? mosque(520, base, 1, p.building, p.accent) + hotelTower(90, base, 160, 220, p.building, lit, 2)
        : hotelTower(60, base, 140, 250, p.building, lit, 4) +
          mosque(400, base, 0.9, p.building, p.accent) +
          hotelTower(610, base, 130, 190, p.building, lit, 9);
  } else {
    const sea = `<rect x="0" y="${base - 10}" width="${W}" height="40" fill="${variant === 1 ? '#3d8cc4' : '#1b3d66'}"/>`;
    scene =
      sea +
      (variant === 1
        ? hotelTower(420, base - 10, 180, 300, p.building, lit, 1) + hotelTower(160, base - 10, 120, 180, p.building, lit, 6)
        : hotelTower(120, base - 10, 160, 320, p.building, lit, 8) + hotelTower(520, base - 10, 140, 210, p.building, lit, 12));
  }
  const celestial =
    variant === 1
      ? `<circle cx="690" cy="110" r="56" fill="#fff3c4" opacity="0.9"/>`
      : `<circle cx="680" cy="100" r="34" fill="#fff6de"/><circle cx="694" cy="90" r="30" fill="${sky[0]}"/>` +
        [60, 190, 330, 470, 240, 560, 120]
          .map((x, i) => `<circle cx="${x}" cy="${40 + ((i * 37) % 110)}" r="1.8" fill="#fff" opacity="0.8"/>`)
          .join('');
  const body = `
<defs>${gradient(id, sky)}${gradient('shade', ['rgba(0,0,0,0)', 'rgba(0,0,0,0.55)'])}</defs>
<rect width="${W}" height="${H}" fill="url(#${id})"/>
${celestial}
<path d="M0 ${base - 40} Q200 ${base - 90} 400 ${base - 50} T800 ${base - 60} V${H} H0z" fill="${p.ground}" opacity="0.35"/>
${scene}
<rect x="0" y="${base}" width="${W}" height="${H - base}" fill="${p.ground}"/>
<rect x="0" y="${H - 150}" width="${W}" height="150" fill="url(#shade)"/>
<text x="36" y="${H - 68}" ${FONT} font-size="38" font-weight="700" fill="#fff">${esc(name)}</text>
<text x="36" y="${H - 30}" ${FONT} font-size="22" fill="#fff" opacity="0.9">${esc(location)}</text>
${stars(starCount, 36 + location.length * 13 + 22, H - 38, 22)}`;
  return svg(W, H, `${name}, ${location}`, body);
}

const slugOf = (imagePath: string) => path.basename(imagePath).replace(/-\d\.svg$/, '');
for (const hotel of HOTELS) {
  hotel.images.forEach((img, i) => {
    if (slugOf(img) + `-${i + 1}.svg` !== path.basename(img)) throw new Error(`unexpected image path ${img}`);
    write(`hotels/${path.basename(img)}`, hotelImage(hotel.name, hotel.location, hotel.stars, (i + 1) as 1 | 2));
  });
}

// ---- articles (crop 25:19) ----------------------------------------------------------------

function articleImage(title: string, colors: string[], art: string) {
  const W = 1000;
  const H = 760;
  return svg(
    W,
    H,
    title,
    `<defs>${gradient('bg', colors)}</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${art}
<rect x="0" y="${H - 170}" width="${W}" height="170" fill="#000" opacity="0.28"/>
<text x="48" y="${H - 70}" ${FONT} font-size="56" font-weight="700" fill="#fff">${esc(title)}</text>`,
  );
}

write(
  'articles/stappen.svg',
  articleImage(
    'De stappen van de Umrah',
    ['#0b5d4b', '#138a6e', '#2bb58e'],
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<circle cx="${180 + i * 210}" cy="300" r="70" fill="#fff" opacity="${0.25 + i * 0.15}"/><text x="${180 + i * 210}" y="322" text-anchor="middle" ${FONT} font-size="64" font-weight="700" fill="#0b5d4b">${i + 1}</text>` +
          (i < 3 ? `<path d="M${255 + i * 210} 300h60" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.8"/>` : ''),
      )
      .join(''),
  ),
);
write(
  'articles/paklijst.svg',
  articleImage(
    'Paklijst voor je reis',
    ['#f6e7c8', '#eac48a', '#d39a52'],
    `<rect x="330" y="150" width="340" height="300" rx="30" fill="#7a4a22"/><rect x="440" y="110" width="120" height="60" rx="18" fill="none" stroke="#7a4a22" stroke-width="16"/>
<rect x="330" y="260" width="340" height="22" fill="#5c3517"/>` +
      [0, 1, 2]
        .map(
          (i) =>
            `<path d="M110 ${210 + i * 90}l22 22 40-44" stroke="#0b5d4b" stroke-width="12" fill="none" stroke-linecap="round"/><rect x="190" y="${212 + i * 90}" width="90" height="18" rx="9" fill="#fff" opacity="0.8"/>`,
        )
        .join(''),
  ),
);
write(
  'articles/medina.svg',
  articleImage('Medina, de stad van de Profeet', ['#12324a', '#1f5f63', '#7fbf9c'], mosque(500, 560, 1.4, '#0f2a2a', '#3fbf7f')),
);

// ---- flyers (aspect 0.70625) ----------------------------------------------------------------

function flyer(title: string, subtitle: string, colors: string[], art: string) {
  const W = 565;
  const H = 800;
  return svg(
    W,
    H,
    `${title}: ${subtitle}`,
    `<defs>${gradient('bg', colors)}</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${art}
<rect x="28" y="28" width="${W - 56}" height="${H - 56}" rx="18" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="3"/>
<text x="${W / 2}" y="120" text-anchor="middle" ${FONT} font-size="46" font-weight="800" fill="#fff">${esc(title)}</text>
<text x="${W / 2}" y="170" text-anchor="middle" ${FONT} font-size="26" fill="#fff" opacity="0.92">${esc(subtitle)}</text>
<text x="${W / 2}" y="${H - 60}" text-anchor="middle" ${FONT} font-size="24" font-weight="600" fill="#fff">Umrah Reizen</text>`,
  );
}

write(
  'flyers/winter.svg',
  flyer(
    'Umrah in de winter',
    'Vertrek in de wintervakantie',
    ['#1b2a4e', '#2f4f86', '#7aa7d9'],
    clockTower(282, 640, 1.05, '#14203b') +
      [80, 150, 420, 480, 250, 330, 110, 460]
        .map((x, i) => `<circle cx="${x}" cy="${230 + ((i * 53) % 200)}" r="${3 + (i % 3)}" fill="#fff" opacity="0.8"/>`)
        .join('') +
      `<rect x="0" y="640" width="565" height="160" fill="#14203b"/>`,
  ),
);
write(
  'flyers/marokko.svg',
  flyer(
    'Umrah vanuit Marokko',
    'Met dezelfde zorg en begeleiding',
    ['#7a2e1f', '#c4572f', '#f0a35e'],
    `<circle cx="282" cy="420" r="120" fill="#ffd98a" opacity="0.85"/>` +
      `<path d="M0 600 Q140 520 282 580 T565 560 V800 H0z" fill="#5b1f14"/>` +
      `<g fill="#3f150d"><rect x="150" y="440" width="44" height="170"/><polygon points="150,440 194,440 172,405"/><rect x="230" y="520" width="180" height="90"/><path d="M270 520a50 55 0 0 1 100 0z"/></g>`,
  ),
);
write(
  'flyers/arabisch.svg',
  flyer(
    'Arabische les',
    'Van beginner tot native',
    ['#0b5d4b', '#13806a', '#57b894'],
    `<text x="282" y="520" text-anchor="middle" font-family="'Noto Naskh Arabic', 'Amiri', 'Arial', serif" font-size="200" fill="#fff" opacity="0.9">ع</text>` +
      `<rect x="150" y="600" width="265" height="14" rx="7" fill="#fff" opacity="0.5"/><rect x="190" y="630" width="185" height="14" rx="7" fill="#fff" opacity="0.35"/>`,
  ),
);

// ---- team ---------------------------------------------------------------------------------

function avatar(name: string, female: boolean) {
  const initials = name
    .split(' ')
    .filter((w) => /^[A-Z]/.test(w))
    .slice(-2)
    .map((w) => w[0])
    .join('');
  const colors = female ? ['#f3d9e4', '#d9a7c0'] : ['#cfe8df', '#8cc7b1'];
  const ink = female ? '#7a3358' : '#0b5d4b';
  // A head-and-shoulders silhouette; the sisters' with a headscarf.
  const figure = female
    ? `<path d="M200 92c-52 0-88 42-88 96 0 34 12 60 30 78-42 16-76 50-86 104h288c-10-54-44-88-86-104 18-18 30-44 30-78 0-54-36-96-88-96z" fill="${ink}" opacity="0.85"/><ellipse cx="200" cy="196" rx="44" ry="52" fill="#f2dccb"/>`
    : `<circle cx="200" cy="170" r="62" fill="${ink}" opacity="0.85"/><path d="M64 370c10-80 70-124 136-124s126 44 136 124z" fill="${ink}" opacity="0.85"/>`;
  return svg(
    400,
    400,
    name,
    `<defs>${gradient('bg', colors)}</defs><rect width="400" height="400" fill="url(#bg)"/>${figure}
<circle cx="330" cy="70" r="44" fill="#fff"/><text x="330" y="86" text-anchor="middle" ${FONT} font-size="40" font-weight="700" fill="${ink}">${esc(initials)}</text>`,
  );
}
write('team/yusuf.svg', avatar('Yusuf El Amrani', false));
write('team/fatima.svg', avatar('Fatima Bakkali', true));
write('team/abdelkader.svg', avatar('Imam Abdelkader', false));
write('team/khadija.svg', avatar('Khadija Ouali', true));

// ---- logos --------------------------------------------------------------------------------

const kaabaMark = (x: number, y: number) => `
<g transform="translate(${x} ${y})">
<circle cx="30" cy="30" r="30" fill="#0b5d4b"/>
<path d="M30 10a20 20 0 1 0 14 34 16 16 0 1 1 0-28A20 20 0 0 0 30 10z" fill="#f6c453"/>
<rect x="30" y="24" width="14" height="14" rx="1.5" fill="#111"/><rect x="30" y="27.5" width="14" height="2.2" fill="#f6c453"/>
</g>`;
write(
  'logo.svg',
  svg(
    336,
    80,
    'Umrah Reizen',
    `${kaabaMark(4, 10)}<text x="78" y="50" ${FONT} font-size="32" font-weight="800" fill="#0b5d4b">Umrah</text><text x="196" y="50" ${FONT} font-size="32" font-weight="400" fill="#8a6a1f">Reizen</text>`,
  ),
);
write(
  'logo-arabia.svg',
  svg(
    336,
    80,
    'Arabia Teaching',
    `<g transform="translate(4 10)"><circle cx="30" cy="30" r="30" fill="#8a6a1f"/><text x="30" y="46" text-anchor="middle" font-family="'Noto Naskh Arabic', 'Amiri', Arial, serif" font-size="38" fill="#fff">ع</text></g>
<text x="78" y="50" ${FONT} font-size="30" font-weight="800" fill="#8a6a1f">Arabia</text><text x="186" y="50" ${FONT} font-size="30" font-weight="400" fill="#0b5d4b">Teaching</text>`,
  ),
);
write('favicon.svg', svg(64, 64, 'Umrah Reizen', kaabaMark(2, 2)));
// Narrow screens show only the round mark next to the menu and account buttons.
write('logo-mark.svg', svg(64, 64, 'Umrah Reizen', kaabaMark(2, 2)));
write(
  'logo-arabia-mark.svg',
  svg(
    64,
    64,
    'Arabia Teaching',
    `<g transform="translate(2 2)"><circle cx="30" cy="30" r="30" fill="#8a6a1f"/><text x="30" y="46" text-anchor="middle" font-family="'Noto Naskh Arabic', 'Amiri', Arial, serif" font-size="38" fill="#fff">ع</text></g>`,
  ),
);

// ---- banners ------------------------------------------------------------------------------

function banner(label: string, colors: string[], art: string) {
  const W = 1600;
  const H = 500;
  return svg(
    W,
    H,
    label,
    `<defs>${gradient('bg', colors, false)}${gradient('fade', ['rgba(0,0,0,0.35)', 'rgba(0,0,0,0)'], false)}</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>${art}<rect width="${W}" height="${H}" fill="url(#fade)"/>`,
  );
}
const dunes = (color: string, opacity = 1) => `<path d="M0 400 Q300 330 620 390 T1200 370 T1600 380 V500 H0z" fill="${color}" opacity="${opacity}"/>`;
const pattern = (color: string) =>
  Array.from(
    { length: 12 },
    (_, i) =>
      `<circle cx="${900 + (i % 4) * 170}" cy="${90 + Math.floor(i / 4) * 140}" r="46" fill="none" stroke="${color}" stroke-width="2" opacity="0.25"/>`,
  ).join('');

write(
  'banners/home.svg',
  banner(
    'Mekka bij zonsondergang',
    ['#0b5d4b', '#2d7d5f', '#e08e5a'],
    `<circle cx="1250" cy="200" r="90" fill="#ffe2a8" opacity="0.8"/>${clockTower(1150, 430, 1, '#2a1f2a')}${hotelTower(1300, 430, 160, 220, '#2a1f2a', '#ffd98a', 4)}${hotelTower(950, 430, 120, 160, '#2a1f2a', '#ffd98a', 8)}${dunes('#2a1f2a')}`,
  ),
);
write(
  'banners/pakketten.svg',
  banner('Pakketten', ['#0f4c5c', '#1f7a75', '#5fb39b'], `${mosque(1250, 430, 1.1, '#0d2f33', '#3fbf7f')}${dunes('#0d2f33')}`),
);
write(
  'banners/kennis.svg',
  banner(
    'Kennis',
    ['#1b2a4e', '#2f4f86', '#5aa2d8'],
    `${pattern('#fff')}<rect x="1150" y="170" width="240" height="170" rx="12" fill="#fff" opacity="0.85"/><path d="M1270 180v150" stroke="#2f4f86" stroke-width="6"/>${dunes('#14203b', 0.7)}`,
  ),
);
write(
  'banners/arabia.svg',
  banner(
    'Arabia Teaching',
    ['#5c4413', '#8a6a1f', '#d9b45a'],
    `<text x="1250" y="360" text-anchor="middle" font-family="'Noto Naskh Arabic', 'Amiri', Arial, serif" font-size="300" fill="#fff" opacity="0.35">ع</text>${pattern('#fff')}`,
  ),
);
write(
  'banners/over-ons.svg',
  banner(
    'Over ons',
    ['#0b5d4b', '#13806a', '#9bd6c2'],
    `${[0, 1, 2, 3].map((i) => `<circle cx="${1000 + i * 150}" cy="250" r="52" fill="#fff" opacity="0.35"/><path d="M${930 + i * 150} 390c8-60 36-86 70-86s62 26 70 86z" fill="#fff" opacity="0.35"/>`).join('')}`,
  ),
);
write(
  'banners/contact.svg',
  banner(
    'Contact',
    ['#12324a', '#1f5f63', '#7fbf9c'],
    `<rect x="1100" y="150" width="300" height="200" rx="18" fill="#fff" opacity="0.85"/><path d="M1100 165l150 110 150-110" stroke="#1f5f63" stroke-width="10" fill="none" stroke-linejoin="round"/>`,
  ),
);
write('banners/default.svg', banner('Umrah Reizen', ['#0b5d4b', '#1f7a75', '#8a6a1f'], `${pattern('#fff')}${dunes('#08372d', 0.8)}`));

console.log(`images written to ${OUT}`);
