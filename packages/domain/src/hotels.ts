// The fixed hotel list. Products refer to hotels by their index in this list (product flex.hotels).

export type HotelLocation = 'Mekka' | 'Medina' | 'Jeddah';
export interface Hotel {
  index: number;
  name: string;
  location: HotelLocation;
  /** Walking distance to the Haram in meters. */
  distance: number;
  stars: 4 | 5;
  description: string;
  /** Paths of images shipped with the web app. */
  images: string[];
}

const img = (slug: string) => [`/images/hotels/${slug}-1.svg`, `/images/hotels/${slug}-2.svg`];

export const HOTELS: readonly Hotel[] = [
  {
    index: 0,
    name: 'Swissôtel Makkah',
    location: 'Mekka',
    distance: 150,
    stars: 5,
    description: 'Direct aan het Haram-plein, met uitzicht op de Klokkentoren en ruime kamers.',
    images: img('swissotel-makkah'),
  },
  {
    index: 1,
    name: 'Pullman ZamZam Makkah',
    location: 'Mekka',
    distance: 100,
    stars: 5,
    description: 'Op loopafstand van de King Abdulaziz-poort, met een rijk ontbijtbuffet.',
    images: img('pullman-zamzam'),
  },
  {
    index: 2,
    name: 'Al Safwah Royale Orchid',
    location: 'Mekka',
    distance: 250,
    stars: 4,
    description: 'Comfortabel hotel vlak bij de Masjid al-Haram, ideaal voor families.',
    images: img('al-safwah'),
  },
  {
    index: 3,
    name: 'Anwar Al Madinah Mövenpick',
    location: 'Medina',
    distance: 80,
    stars: 5,
    description: 'Naast de Masjid an-Nabawi, met directe toegang tot het winkelcentrum.',
    images: img('anwar-al-madinah'),
  },
  {
    index: 4,
    name: 'Dar Al Taqwa',
    location: 'Medina',
    distance: 50,
    stars: 5,
    description: 'Een van de dichtstbijzijnde hotels bij de Profetenmoskee.',
    images: img('dar-al-taqwa'),
  },
  {
    index: 5,
    name: 'Al Haram Hotel Madinah',
    location: 'Medina',
    distance: 120,
    stars: 4,
    description: 'Rustig hotel met vriendelijke service, op enkele minuten lopen van de moskee.',
    images: img('al-haram-madinah'),
  },
  {
    index: 6,
    name: 'Hilton Jeddah',
    location: 'Jeddah',
    distance: 0,
    stars: 5,
    description: 'Aan de Corniche van Jeddah, voor de overnachting bij aankomst of vertrek.',
    images: img('hilton-jeddah'),
  },
] as const;

export const hotelByIndex = (index: number): Hotel | undefined => HOTELS[index];
