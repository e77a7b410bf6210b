import dayjs from 'dayjs';
import 'dayjs/locale/nl.js';
import { count, sql } from 'drizzle-orm';
import {
  ArticleType,
  EXCLUSIVE_ROOM_PRODUCT_ID,
  KID_WITHOUT_BED_VOUCHER,
  NON_EU_PASSPORT_PRODUCT_ID,
  ProductType,
  Role,
  TypeClass,
  AgeCategory,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { hashPassword } from '../lib/passwords.ts';
import type { Db, Tx } from './index.ts';
import { articleCategories, articleCategoryLinks, articles, crowdfunds, products, teamMembers, users, vouchers } from './schema.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

// Development passwords only: printed at start-up, never used outside the demo database.
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@umrahreizen.nl', password: 'Admin-demo-2026', role: Role.ADMIN, first: 'Yusuf', last: 'El Amrani' },
  bookkeeper: {
    email: 'boekhouder@umrahreizen.nl',
    password: 'Boekhouder-demo-2026',
    role: Role.BOOKKEEPER,
    first: 'Fatima',
    last: 'Bakkali',
  },
  customer: { email: 'klant@example.nl', password: 'Klant-demo-2026', role: Role.USER, first: 'Ahmed', last: 'Yilmaz' },
} as const;

/** Per-person prices in euros for 2-, 3- and 4-person rooms: adult, child, baby. */
const FIRSTCLASS_PRICES: Record<2 | 3 | 4, [number, number, number]> = {
  2: [1895, 1495, 450],
  3: [1745, 1395, 450],
  4: [1645, 1295, 450],
};
const PREMIUM_DISCOUNT = 150;

const BULLETS = [
  { label: 'Vlucht', description: 'Retourvlucht vanaf Amsterdam of Brussel, inclusief 23 kg bagage.' },
  { label: 'Visum', description: 'Umrah-visum wordt volledig voor je geregeld.' },
  { label: 'Begeleiding', description: 'Ervaren Nederlandstalige begeleiders en een imam gaan mee.' },
  { label: 'Vervoer', description: 'Comfortabel busvervoer tussen Jeddah, Mekka en Medina.' },
];

/** The trip months seeded from today: month offsets that get trips, one of them sold out. */
function tripMonths(today: dayjs.Dayjs) {
  const months: { start: dayjs.Dayjs; soldOut: boolean }[] = [];
  for (let offset = 0; offset < 12; offset++) {
    const month = today.startOf('month').add(offset, 'month');
    // Month index 4 (May) is never offered; the last scanned month is left empty ('Binnenkort online').
    if (month.month() === 4 || offset === 11) continue;
    // Trips start on the 10th; in the current month only when that is still ahead.
    const start = month.date(10);
    if (!start.isAfter(today, 'day')) continue;
    months.push({ start, soldOut: offset === 2 });
  }
  return months;
}

function tripProducts(today: dayjs.Dayjs) {
  const rows: (typeof products.$inferInsert)[] = [];
  for (const { start, soldOut } of tripMonths(today)) {
    const end = start.add(14, 'day');
    for (const region of ['NL', 'BE'] as const) {
      for (const typeClass of [TypeClass.FIRSTCLASS, TypeClass.PREMIUMCLASS]) {
        const premium = typeClass === TypeClass.PREMIUMCLASS;
        const className = premium ? 'Premiumclass' : 'Firstclass';
        const monthName = start.locale('nl').format('MMMM YYYY');
        const hotels = premium ? [2, 5, 6] : [0, 3, 6];
        for (const capacity of [2, 3, 4] as const) {
          FIRSTCLASS_PRICES[capacity].forEach((euros, age) => {
            const type = { 2: ProductType.UMRAH_2_ADULT, 3: ProductType.UMRAH_3_ADULT, 4: ProductType.UMRAH_4_ADULT }[capacity] + age;
            const price = (premium && age < 2 ? euros - PREMIUM_DISCOUNT : euros) * 100;
            rows.push({
              type,
              label: `Umrah ${monthName} ${className}${region === 'BE' ? ' (vanuit Brussel)' : ''}`,
              description: `Twee weken Umrah met ${premium ? 'comfortabele' : 'de beste'} hotels in Mekka en Medina.`,
              start: start.format('YYYY-MM-DD'),
              end: end.format('YYYY-MM-DD'),
              paymentDeadline: start.subtract(6, 'week').format('YYYY-MM-DD'),
              stock: soldOut ? 0 : age === AgeCategory.ADULT ? 40 : 20,
              price: region === 'BE' ? price + 5000 : price,
              region,
              flex: { hotels, bulletpoints: BULLETS, priority: premium ? 1 : 0, type_class: typeClass, extras: [], region },
            });
          });
        }
      }
    }
  }
  return rows;
}

const LESSONS = [
  [ProductType.ARABIA_BEGINNER, 'Arabisch voor beginners', 'Leer het alfabet, lezen en eenvoudige zinnen.'],
  [ProductType.ARABIA_AMATEUR, 'Arabisch voor amateurs', 'Bouw je woordenschat uit en voer korte gesprekken.'],
  [ProductType.ARABIA_EXPERT, 'Arabisch voor gevorderden', 'Grammatica, tekstbegrip en Koran-Arabisch.'],
  [ProductType.ARABIA_NATIVE, 'Arabisch voor moedertaalsprekers', 'Verdieping in klassiek Arabisch en tajwid.'],
] as const;

/** The demo accounts, one per role, with the same made-up personal details. */
async function insertAccounts(tx: Tx): Promise<void> {
  for (const a of Object.values(DEMO_ACCOUNTS)) {
    await tx.insert(users).values({
      email: a.email,
      passwordHash: await hashPassword(a.password),
      firstName: a.first,
      lastName: a.last,
      dateOfBirth: '1985-03-14',
      nationality: 'Nederlandse',
      phoneNumber: '0612345678',
      address: 'Damrak 1',
      zip: '1012 LG',
      city: 'Amsterdam',
      country: 'Nederland',
      role: a.role,
    });
  }
}

/** The special products, the trips of the coming months and the Arabic lessons per region. */
async function insertProducts(tx: Tx, today: dayjs.Dayjs): Promise<void> {
  // The two special products keep their fixed ids; the sequence is moved past them afterwards.
  await tx.insert(products).values([
    {
      id: NON_EU_PASSPORT_PRODUCT_ID,
      type: ProductType.PLAIN,
      label: 'Visumkosten niet-Europees paspoort',
      description: 'Toeslag per gast zonder Europees paspoort.',
      stock: 1_000_000,
      price: 30000,
      region: 'NL',
      flex: { hotels: [], bulletpoints: [], priority: 0, type_class: 0, extras: [], region: 'NL' },
    },
    {
      id: EXCLUSIVE_ROOM_PRODUCT_ID,
      type: ProductType.PLAIN,
      label: 'Exclusief gebruik 2-persoonskamer',
      description: 'Toeslag voor een 2-persoonskamer voor één gast.',
      stock: 1_000_000,
      price: 85000,
      region: 'NL',
      flex: { hotels: [], bulletpoints: [], priority: 0, type_class: 0, extras: [], region: 'NL' },
    },
  ]);
  await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), 1000)`);

  const trips = tripProducts(today);
  for (let i = 0; i < trips.length; i += 100) await tx.insert(products).values(trips.slice(i, i + 100));

  for (const region of ['NL', 'BE'] as const) {
    await tx.insert(products).values(
      LESSONS.map(([type, label, description]) => ({
        type,
        label,
        description,
        stock: 30,
        price: 2500,
        region,
        flex: { hotels: [], bulletpoints: [], priority: 0, type_class: 0, extras: [], region },
      })),
    );
  }
}

/** A crowdfund, and vouchers: the child-without-bed one, a valid and an expired code. */
async function insertFundsAndVouchers(tx: Tx, today: dayjs.Dayjs): Promise<void> {
  await tx.insert(crowdfunds).values([
    {
      label: 'Waterput in Senegal',
      description: 'Samen bouwen we een waterput voor een dorp in Senegal.',
      goalAmount: 500000,
    },
  ]);

  await tx.insert(vouchers).values([
    // Applied per child without bed by the order rules; cannot be deleted.
    { label: KID_WITHOUT_BED_VOUCHER, amount: 25000, expireDate: null, active: true },
    { label: 'WELKOM50', amount: 5000, expireDate: today.add(1, 'year').toDate(), active: true },
    { label: 'VERLOPEN', amount: 10000, expireDate: today.subtract(1, 'month').toDate(), active: true },
  ]);
}

/** Articles and flyers in their categories. */
async function insertArticles(tx: Tx): Promise<void> {
  const cats = await tx
    .insert(articleCategories)
    .values([{ label: 'Umrah' }, { label: 'Voorbereiding' }, { label: 'Medina' }])
    .returning();
  const arts = await tx
    .insert(articles)
    .values([
      {
        type: ArticleType.ARTICLE,
        label: 'De stappen van de Umrah',
        description: 'Van ihram tot tahallul: zo verloopt de Umrah stap voor stap.',
        html: "<p>De Umrah bestaat uit vier stappen: de ihram, de tawaf, de sa'i en de tahallul.</p>",
        img: '/images/articles/stappen.svg',
      },
      {
        type: ArticleType.ARTICLE,
        label: 'Wat neem je mee?',
        description: 'Een paklijst voor je reis naar Mekka en Medina.',
        html: '<p>Neem je paspoort, ihram-kleding, comfortabele schoenen en je medicijnen mee.</p>',
        img: '/images/articles/paklijst.svg',
      },
      {
        type: ArticleType.ARTICLE,
        label: 'Bezienswaardigheden in Medina',
        description: 'De plekken die je in Medina niet mag missen.',
        html: '<p>Bezoek de Quba-moskee, de berg Uhud en de begraafplaats al-Baqi.</p>',
        img: '/images/articles/medina.svg',
      },
      { type: ArticleType.FLYER, label: 'Umrah in de winter', description: 'Vertrek in de wintervakantie.', img: '/images/flyers/winter.svg' },
      { type: ArticleType.FLYER, label: 'Umrah vanuit Marokko', description: 'Vertrek vanuit Marokko.', img: '/images/flyers/marokko.svg' },
      { type: ArticleType.FLYER, label: 'Arabische les', description: 'Leer Arabisch bij ons.', img: '/images/flyers/arabisch.svg' },
    ])
    .returning();
  const link = (article: number, category: number) => ({
    articleId: must(arts[article], 'a seeded article').id,
    categoryId: must(cats[category], 'a seeded category').id,
  });
  await tx.insert(articleCategoryLinks).values([link(0, 0), link(1, 1), link(1, 0), link(2, 2)]);
}

/** The team page's members. */
async function insertTeam(tx: Tx): Promise<void> {
  await tx.insert(teamMembers).values([
    {
      name: 'Yusuf El Amrani',
      role: 'Oprichter en reisleider',
      type: 'male',
      bio: 'Begeleidt al 15 jaar Umrah-reizen.',
      img: '/images/team/yusuf.svg',
      position: 0,
    },
    {
      name: 'Fatima Bakkali',
      role: 'Klantenservice',
      type: 'female',
      bio: 'Helpt je met al je vragen over je reis.',
      img: '/images/team/fatima.svg',
      position: 1,
    },
    {
      name: 'Imam Abdelkader',
      role: 'Religieus begeleider',
      type: 'male',
      bio: 'Geeft lessen over de Umrah onderweg.',
      img: '/images/team/abdelkader.svg',
      position: 2,
    },
    {
      name: 'Khadija Ouali',
      role: 'Reisbegeleidster zusters',
      type: 'female',
      bio: 'Begeleidt de zusters tijdens de reis.',
      img: '/images/team/khadija.svg',
      position: 3,
    },
  ]);
}

async function insertDemo(tx: Tx, today: dayjs.Dayjs): Promise<DemoAccount[]> {
  await insertAccounts(tx);
  await insertProducts(tx, today);
  await insertFundsAndVouchers(tx, today);
  await insertArticles(tx);
  await insertTeam(tx);
  return Object.entries(DEMO_ACCOUNTS).map(([role, a]) => ({ role, email: a.email, password: a.password }));
}

/** Loads the demo data into an empty database; returns the demo accounts, or null when not empty. */
export async function seedDemoData(db: Db, today = dayjs()): Promise<DemoAccount[] | null> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  return db.transaction((tx) => insertDemo(tx, today));
}
