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
  /** The address in Dutch, for the pilgrim ('Mijn reis'). */
  address: string;
  /** Name and address in Arabic, to show a taxi driver ('Mijn reis'). */
  name_ar: string;
  address_ar: string;
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
    address: 'Abraj Al Bait-complex, Ibrahim Al Khalil-straat, Mekka, Saoedi-Arabië',
    name_ar: 'فندق سويس أوتيل مكة',
    address_ar: 'مجمع أبراج البيت، شارع إبراهيم الخليل، مكة المكرمة، المملكة العربية السعودية',
    images: img('swissotel-makkah'),
  },
  {
    index: 1,
    name: 'Pullman ZamZam Makkah',
    location: 'Mekka',
    distance: 100,
    stars: 5,
    description: 'Op loopafstand van de King Abdulaziz-poort, met een rijk ontbijtbuffet.',
    address: 'Abraj Al Bait-complex, King Abdulaziz-wakf, Mekka, Saoedi-Arabië',
    name_ar: 'فندق بولمان زمزم مكة',
    address_ar: 'مجمع أبراج البيت، وقف الملك عبد العزيز، مكة المكرمة، المملكة العربية السعودية',
    images: img('pullman-zamzam'),
  },
  {
    index: 2,
    name: 'Al Safwah Royale Orchid',
    location: 'Mekka',
    distance: 250,
    stars: 4,
    description: 'Comfortabel hotel vlak bij de Masjid al-Haram, ideaal voor families.',
    address: 'Al Safwah Towers, Ajyad-straat, Mekka, Saoedi-Arabië',
    name_ar: 'فندق الصفوة رويال أوركيد',
    address_ar: 'أبراج الصفوة، شارع أجياد، مكة المكرمة، المملكة العربية السعودية',
    images: img('al-safwah'),
  },
  {
    index: 3,
    name: 'Anwar Al Madinah Mövenpick',
    location: 'Medina',
    distance: 80,
    stars: 5,
    description: 'Naast de Masjid an-Nabawi, met directe toegang tot het winkelcentrum.',
    address: 'King Fahd-straat, Centraal gebied, Medina, Saoedi-Arabië',
    name_ar: 'فندق موفنبيك أنوار المدينة',
    address_ar: 'شارع الملك فهد، المنطقة المركزية، المدينة المنورة، المملكة العربية السعودية',
    images: img('anwar-al-madinah'),
  },
  {
    index: 4,
    name: 'Dar Al Taqwa',
    location: 'Medina',
    distance: 50,
    stars: 5,
    description: 'Een van de dichtstbijzijnde hotels bij de Profetenmoskee.',
    address: 'Abu Bakr Al Siddiq-straat, Centraal gebied, Medina, Saoedi-Arabië',
    name_ar: 'فندق دار التقوى',
    address_ar: 'شارع أبو بكر الصديق، المنطقة المركزية، المدينة المنورة، المملكة العربية السعودية',
    images: img('dar-al-taqwa'),
  },
  {
    index: 5,
    name: 'Al Haram Hotel Madinah',
    location: 'Medina',
    distance: 120,
    stars: 4,
    description: 'Rustig hotel met vriendelijke service, op enkele minuten lopen van de moskee.',
    address: 'Bab Al Salam-straat, Centraal gebied, Medina, Saoedi-Arabië',
    name_ar: 'فندق الحرم المدينة',
    address_ar: 'شارع باب السلام، المنطقة المركزية، المدينة المنورة، المملكة العربية السعودية',
    images: img('al-haram-madinah'),
  },
  {
    index: 6,
    name: 'Hilton Jeddah',
    location: 'Jeddah',
    distance: 0,
    stars: 5,
    description: 'Aan de Corniche van Jeddah, voor de overnachting bij aankomst of vertrek.',
    address: 'North Corniche Road, Al Shatea, Jeddah, Saoedi-Arabië',
    name_ar: 'فندق هيلتون جدة',
    address_ar: 'طريق الكورنيش الشمالي، حي الشاطئ، جدة، المملكة العربية السعودية',
    images: img('hilton-jeddah'),
  },
] as const;

export const hotelByIndex = (index: number): Hotel | undefined => HOTELS[index];
