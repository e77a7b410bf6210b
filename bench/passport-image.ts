// Synthetic passport data pages for the passport scan: the MRZ set in OCR-B (Debian's fonts-ocr-b,
// the typeface ICAO 9303 prescribes), the rest of the page in a sans, then photographed the way a
// phone does it: slightly turned (±3°), a little out of focus, some sensor noise, and JPEG-compressed.
// Used by the MRZ benchmark (bench/mrz.ts) and the passport scan's browser test. No real person:
// names and numbers come from a seeded random generator.
import sharp from 'sharp';
import { buildMrz } from '@umrah/domain/mrz';

export interface PassportPerson {
  issuer: string;
  lastName: string;
  firstName: string;
  number: string;
  nationality: string;
  /** 'YYYY-MM-DD' */
  birth: string;
  sex: 'M' | 'F';
  /** 'YYYY-MM-DD' */
  expiry: string;
}

export interface PassportImage {
  person: PassportPerson;
  mrz: [string, string];
  jpeg: Buffer;
}

/** A small seeded generator (mulberry32): the same seed gives the same pages on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAST = [
  'EL AMRANI',
  'BAKKALI',
  'YILMAZ',
  'DE VRIES',
  'JANSEN',
  'OUALI',
  'KAYA',
  'BOUZIANE',
  'VAN DEN BERG',
  'AHMADI',
  'HASSAN',
  'DEMIR',
  'MOKHTARI',
  'ÖZTÜRK',
];
const FIRST = ['FATIMA', 'MOHAMED', 'AYSE', 'YOUSSEF', 'NOURA', 'IBRAHIM', 'KHADIJA', 'OMAR', 'SAMIRA', 'HAMZA', 'MERYEM', 'BILAL', 'ZAHRA', 'KEES'];
const ISSUERS = ['NLD', 'BEL', 'MAR', 'TUR', 'D'];
const ALNUM = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const isoDay = (from: number, to: number, rnd: () => number) => new Date(from + rnd() * (to - from)).toISOString().slice(0, 10);

/** A random person with a passport; the MRZ transliterates 'Ö' as 'OE' (ICAO 9303 part 3). */
export function randomPerson(rnd: () => number): PassportPerson {
  const issuer = pick(rnd, ISSUERS);
  const translit = (s: string) => s.replace(/Ö/g, 'OE').replace(/Ü/g, 'UE');
  const given = rnd() < 0.3 ? `${pick(rnd, FIRST)} ${pick(rnd, FIRST)}` : pick(rnd, FIRST);
  return {
    issuer,
    lastName: translit(pick(rnd, LAST)),
    firstName: translit(given),
    number: Array.from({ length: 9 }, () => pick(rnd, ALNUM)).join(''),
    nationality: issuer,
    birth: isoDay(Date.UTC(1935, 0, 1), Date.UTC(2024, 11, 31), rnd),
    sex: rnd() < 0.5 ? 'M' : 'F',
    expiry: isoDay(Date.UTC(2026, 0, 1), Date.UTC(2036, 11, 31), rnd),
  };
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One MRZ line; OCR-B advances 0.72 em, so 35 px gives the MRZ's pitch of 2.54 mm at 10 px per mm. */
const mrzLine = (line: string, x: number, y: number) => `<text font-family="OCR B" font-size="35" x="${x}" y="${y}">${escape(line)}</text>`;

/** The data page as SVG: 125 x 88 mm at 10 px per mm, the MRZ in the bottom 23 mm (ICAO 9303). */
function pageSvg(p: PassportPerson, mrz: [string, string]): string {
  const W = 1250;
  const H = 880;
  const label = (x: number, y: number, text: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="15" fill="#5a6b7a">${escape(text)}</text>`;
  const value = (x: number, y: number, text: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="24" fill="#1c2430">${escape(text)}</text>`;
  const dutch = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
  const guilloche = Array.from(
    { length: 14 },
    (_, i) => `<ellipse cx="${700 + i * 9}" cy="330" rx="${420 - i * 18}" ry="${170 - i * 6}" fill="none" stroke="#d9e3ea" stroke-width="1.5"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" rx="28" fill="#f3f1e8"/>
  ${guilloche}
  <text x="60" y="70" font-family="DejaVu Sans" font-size="30" font-weight="bold" fill="#2f3f6e">PASPOORT / PASSPORT</text>
  <rect x="60" y="110" width="300" height="390" rx="8" fill="#c9cdd3"/>
  <circle cx="210" cy="250" r="80" fill="#aab0b8"/><rect x="105" y="350" width="210" height="150" rx="60" fill="#aab0b8"/>
  ${label(400, 130, 'Naam / Surname')}${value(400, 160, p.lastName)}
  ${label(400, 205, 'Voornamen / Given names')}${value(400, 235, p.firstName)}
  ${label(400, 280, 'Nationaliteit / Nationality')}${value(400, 310, p.nationality)}
  ${label(400, 355, 'Geboortedatum / Date of birth')}${value(400, 385, dutch(p.birth))}
  ${label(760, 355, 'Geslacht / Sex')}${value(760, 385, p.sex === 'F' ? 'V/F' : 'M/M')}
  ${label(400, 430, 'Documentnummer / Document no.')}${value(400, 460, p.number)}
  ${label(760, 430, 'Geldig tot / Date of expiry')}${value(760, 460, dutch(p.expiry))}
  ${mrzLine(mrz[0], 60, H - 110)}
  ${mrzLine(mrz[1], 60, H - 48)}
</svg>`;
}

/**
 * A phone photo of the page: on a darker table, turned by up to ±3°, blurred (σ 0.6-1.4), with noise,
 * scaled to a phone's 1600 px and saved as JPEG of quality 60-80.
 */
export async function passportPhoto(p: PassportPerson, rnd: () => number, mrz: [string, string] = buildMrz(p)): Promise<Buffer> {
  const page = await sharp(Buffer.from(pageSvg(p, mrz)))
    .png()
    .toBuffer();
  const angle = (rnd() * 2 - 1) * 3;
  const turned = await sharp(page)
    .rotate(angle, { background: { r: 92, g: 80, b: 70 } })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: { r: 92, g: 80, b: 70 } })
    .png()
    .toBuffer();
  const { width, height } = await sharp(turned).metadata();
  const w = width!;
  const h = height!;
  // Sensor noise: a grey raw layer of random values, laid over softly.
  const noise = Buffer.alloc(w * h);
  for (let i = 0; i < noise.length; i++) noise[i] = 128 + Math.round((rnd() - 0.5) * 60);
  const noisy = await sharp(turned)
    .composite([
      {
        input: await sharp(noise, { raw: { width: w, height: h, channels: 1 } })
          .png()
          .toBuffer(),
        blend: 'soft-light',
      },
    ])
    .png()
    .toBuffer();
  return sharp(noisy)
    .blur(0.6 + rnd() * 0.8)
    .resize({ width: 1600 })
    .jpeg({ quality: 60 + Math.round(rnd() * 20) })
    .toBuffer();
}

/** `count` pages from `seed`: the person, the MRZ printed on the page and the photo. */
export async function passportImages(count: number, seed: number): Promise<PassportImage[]> {
  const rnd = seededRandom(seed);
  const out: PassportImage[] = [];
  for (let i = 0; i < count; i++) {
    const person = randomPerson(rnd);
    const mrz = buildMrz(person);
    out.push({ person, mrz, jpeg: await passportPhoto(person, rnd, mrz) });
  }
  return out;
}
