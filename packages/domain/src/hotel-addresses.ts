import { HOTELS, type Hotel } from './hotels.ts';

// The hotels' addresses for 'Mijn reis' (docs/RULES.md, 'Mijn reis'): in Dutch for the pilgrim, and
// the name and address in Arabic to show a taxi driver. Kept apart from hotels.ts, which the public
// packages page loads: only the API needs these.

export interface HotelAddress {
  /** The address in Dutch. */
  address: string;
  name_ar: string;
  address_ar: string;
}

/** By hotel index (hotels.ts). */
export const HOTEL_ADDRESSES: Readonly<Record<number, HotelAddress>> = {
  // Swissôtel Makkah
  0: {
    address: 'Abraj Al Bait-complex, Ibrahim Al Khalil-straat, Mekka, Saoedi-Arabië',
    name_ar: 'فندق سويس أوتيل مكة',
    address_ar: 'مجمع أبراج البيت، شارع إبراهيم الخليل، مكة المكرمة، المملكة العربية السعودية',
  },
  // Pullman ZamZam Makkah
  1: {
    address: 'Abraj Al Bait-complex, King Abdulaziz-wakf, Mekka, Saoedi-Arabië',
    name_ar: 'فندق بولمان زمزم مكة',
    address_ar: 'مجمع أبراج البيت، وقف الملك عبد العزيز، مكة المكرمة، المملكة العربية السعودية',
  },
  // Al Safwah Royale Orchid
  2: {
    address: 'Al Safwah Towers, Ajyad-straat, Mekka, Saoedi-Arabië',
    name_ar: 'فندق الصفوة رويال أوركيد',
    address_ar: 'أبراج الصفوة، شارع أجياد، مكة المكرمة، المملكة العربية السعودية',
  },
  // Anwar Al Madinah Mövenpick
  3: {
    address: 'King Fahd-straat, Centraal gebied, Medina, Saoedi-Arabië',
    name_ar: 'فندق موفنبيك أنوار المدينة',
    address_ar: 'شارع الملك فهد، المنطقة المركزية، المدينة المنورة، المملكة العربية السعودية',
  },
  // Dar Al Taqwa
  4: {
    address: 'Abu Bakr Al Siddiq-straat, Centraal gebied, Medina, Saoedi-Arabië',
    name_ar: 'فندق دار التقوى',
    address_ar: 'شارع أبو بكر الصديق، المنطقة المركزية، المدينة المنورة، المملكة العربية السعودية',
  },
  // Al Haram Hotel Madinah
  5: {
    address: 'Bab Al Salam-straat, Centraal gebied, Medina, Saoedi-Arabië',
    name_ar: 'فندق الحرم المدينة',
    address_ar: 'شارع باب السلام، المنطقة المركزية، المدينة المنورة، المملكة العربية السعودية',
  },
  // Hilton Jeddah
  6: {
    address: 'North Corniche Road, Al Shatea, Jeddah, Saoedi-Arabië',
    name_ar: 'فندق هيلتون جدة',
    address_ar: 'طريق الكورنيش الشمالي، حي الشاطئ، جدة، المملكة العربية السعودية',
  },
};

/** A hotel of the fixed list with its addresses, or undefined for an unknown index. */
export const hotelWithAddress = (index: number): (Hotel & HotelAddress) | undefined => {
  const hotel = HOTELS[index];
  const address = HOTEL_ADDRESSES[index];
  return hotel && address ? { ...hotel, ...address } : undefined;
};
