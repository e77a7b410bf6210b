// Every enumeration of docs/RULES.md, 'Entities', defined once for the API and the web app.

export const Role = { USER: 0, ADMIN: 1, BOOKKEEPER: 2 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const roleLabels: Record<Role, string> = { 0: 'Gebruiker', 1: 'ADMIN', 2: 'BOEKHOUDER' };

export const ProductType = {
  PLAIN: 1,
  UMRAH_2_ADULT: 2,
  UMRAH_2_CHILD: 3,
  UMRAH_2_BABY: 4,
  UMRAH_3_ADULT: 5,
  UMRAH_3_CHILD: 6,
  UMRAH_3_BABY: 7,
  UMRAH_4_ADULT: 8,
  UMRAH_4_CHILD: 9,
  UMRAH_4_BABY: 10,
  ARABIA_BEGINNER: 11,
  ARABIA_AMATEUR: 12,
  ARABIA_EXPERT: 13,
  ARABIA_NATIVE: 14,
} as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];
export const productTypeLabels: Record<number, string> = {
  1: 'Product',
  2: 'Umrah 2-persoonskamer volwassene',
  3: 'Umrah 2-persoonskamer kind',
  4: 'Umrah 2-persoonskamer baby',
  5: 'Umrah 3-persoonskamer volwassene',
  6: 'Umrah 3-persoonskamer kind',
  7: 'Umrah 3-persoonskamer baby',
  8: 'Umrah 4-persoonskamer volwassene',
  9: 'Umrah 4-persoonskamer kind',
  10: 'Umrah 4-persoonskamer baby',
  11: 'Arabisch beginner',
  12: 'Arabisch amateur',
  13: 'Arabisch expert',
  14: 'Arabisch native',
};
/** Special product ids of docs/RULES.md, 'Constants'. */
export const NON_EU_PASSPORT_PRODUCT_ID = 1;
export const EXCLUSIVE_ROOM_PRODUCT_ID = 999;
export const KID_WITHOUT_BED_VOUCHER = 'kid-without-bed';
/** docs/RULES.md, 'Constants': the Morocco offer costs the Dutch package price plus this visa cost per person (cents). */
export const MOROCCO_VISA_COST = 35_000;

export const isLessonType = (type: number) => type >= 11 && type <= 14;
export const isUmrahType = (type: number) => type >= 2 && type <= 10;
/** Room capacity (2, 3 or 4) of an Umrah product type. */
export const roomCapacityOfType = (type: number): 2 | 3 | 4 | null =>
  type >= 2 && type <= 4 ? 2 : type >= 5 && type <= 7 ? 3 : type >= 8 && type <= 10 ? 4 : null;
/** The Umrah product type for a room capacity and age category. */
export const umrahType = (capacity: 2 | 3 | 4, age: AgeCategory): number => ({ 2: 2, 3: 5, 4: 8 })[capacity] + age;

export const ArticleType = { ARTICLE: 0, FLYER: 1 } as const;
export type ArticleType = (typeof ArticleType)[keyof typeof ArticleType];

export const OrderStatus = {
  PENDING: 0,
  LEAD: 1,
  COMPLETED: 2,
  CANCELLED: 3,
  DECLINED: 4,
  REFUNDED: 5,
  MANUAL_VERIFICATION_REQUIRED: 6,
  PARTIALLY_REFUNDED: 7,
  DOWN_PAYMENT: 8,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatusLabels: Record<OrderStatus, string> = {
  0: 'In behandeling',
  1: 'lead',
  2: 'Voltooid',
  3: 'Geannuleerd',
  4: 'Geweigerd',
  5: 'Terugbetaald',
  6: 'manual_verification_required',
  7: 'partially_refunded',
  8: 'Aanbetaald',
};

export const PaymentType = {
  CASH: 0,
  PARTIALLY_CASH: 1,
  BANK_TRANSFER: 2,
  PARTIALLY_BANK_TRANSFER: 3,
  PROVIDER_PAID: 4,
  PARTIALLY_PROVIDER_PAID: 5,
  PIN: 6,
} as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];
export const paymentTypeLabels: Record<PaymentType, string> = {
  0: 'Contant',
  1: 'Gedeeltelijk contant',
  2: 'Bankoverschrijving',
  3: 'Gedeeltelijke bankoverschrijving',
  4: 'Online betaald',
  5: 'Gedeeltelijk online betaald',
  6: 'Pin',
};
/** A payment type's label; an unknown type shows its number. */
export const paymentTypeText = (type: number) => paymentTypeLabels[type as PaymentType] ?? String(type);

export const Gender = { MALE: 0, FEMALE: 1, MIX: 2 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

export const AgeCategory = { ADULT: 0, CHILD: 1, BABY: 2 } as const;
export type AgeCategory = (typeof AgeCategory)[keyof typeof AgeCategory];
export const ageCategoryLabels: Record<AgeCategory, string> = { 0: 'Volwassene', 1: 'Kind', 2: 'Baby' };

/**
 * order_logs.type. docs/RULES.md, 'Entities' numbers the reminders (1-5 documents, 6-10 payments); 0 is a plain note
 * (created, paid, payment added or removed, discount changed, guests edited, cancelled, lead
 * expired, documents delivered ...), the message says what happened.
 */
export const LogType = {
  NOTE: 0,
  DOCUMENT_REQUEST: 1,
  DOCUMENT_FIRST: 2,
  DOCUMENT_SECOND: 3,
  DOCUMENT_CANCEL: 4,
  DOCUMENT_FINISH: 5,
  PAYMENT_REQUEST: 6,
  PAYMENT_FIRST: 7,
  PAYMENT_SECOND: 8,
  PAYMENT_THIRD: 9,
  PAYMENT_CANCEL: 10,
} as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

export const DocumentType = {
  INVOICE: 0,
  DOWN_PAYMENT: 1,
  CREDIT_INVOICE: 2,
  DOWN_PAYMENT_CREDIT: 3,
  GUEST_PHOTOS: 4,
} as const;
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType];

export const DomesticRegion = { NOORD: 0, MIDDEN_EN_ZUID: 1, MIDDEN_EN_NOORD: 2, MIDDEN: 3, ZUID: 4 } as const;
export const domesticRegionLabels = ['Noord', 'Midden en zuid', 'Midden en noord', 'Midden', 'Zuid'] as const;

export const REGIONS = ['NL', 'BE'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'NL';
export const DEFAULT_LOCALE = 'nl';

export const TypeClass = { FIRSTCLASS: 0, PREMIUMCLASS: 1 } as const;
export type TypeClass = (typeof TypeClass)[keyof typeof TypeClass];
export const typeClassLabels: Record<TypeClass, string> = { 0: 'Firstclass', 1: 'Premiumclass' };

export const InvoiceType = { QUOTE: 0, INVOICE: 1 } as const;
export type InvoiceType = (typeof InvoiceType)[keyof typeof InvoiceType];

export const HIJRI_MONTHS = [
  'Muharram',
  'Safar',
  'Rabi al-Awwal',
  'Rabi al-Thani',
  'Jumada al-Awwal',
  'Jumada al-Thani',
  'Rajab',
  "Sha'ban",
  'Ramadan',
  'Shawwal',
  "Dhu al-Qi'dah",
  'Dhu al-Hijjah',
] as const;

export const ARABIA_TIME_SLOTS = ['09:00-12:00', '12:00-15:00', '15:00-18:00', '18:00-21:00'] as const;
export const WEEK_DAYS = ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag'] as const;

/** The steps of a document reminder (the log type: 1 request, 2 first, 3 second reminder, 4 cancellation). */
export const DOCUMENT_REMINDER_STEPS = [1, 2, 3, 4] as const;
export type DocumentReminderStep = (typeof DOCUMENT_REMINDER_STEPS)[number];
/** The steps of a payment reminder (`amount_sent`: 0 request, 1-3 reminder, 4 cancellation; log type 6 + step). */
export const PAYMENT_REMINDER_STEPS = [0, 1, 2, 3, 4] as const;
export type PaymentReminderStep = (typeof PAYMENT_REMINDER_STEPS)[number];
export const isDocumentReminderStep = (n: number): n is DocumentReminderStep => DOCUMENT_REMINDER_STEPS.some((s) => s === n);
export const isPaymentReminderStep = (n: number): n is PaymentReminderStep => PAYMENT_REMINDER_STEPS.some((s) => s === n);
/** A room for 2, 3 or 4 guests (catalog.ts lists the sizes as ROOM_SIZES). */
export const isRoomSize = (n: number): n is 2 | 3 | 4 => n === 2 || n === 3 || n === 4;
export const isRole = (n: number): n is Role => n === Role.USER || n === Role.ADMIN || n === Role.BOOKKEEPER;
export const isArticleType = (n: number): n is ArticleType => n === ArticleType.ARTICLE || n === ArticleType.FLYER;
export const isPaymentType = (n: number): n is PaymentType => Object.values(PaymentType).some((t) => t === n);
