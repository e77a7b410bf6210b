// /pakketten (docs/RULES.md, 'Screens: Packages'): month tiles → trips of the month → Firstclass/Premiumclass →
// package cards. The choices live in the URL (?maand=&reis=&klasse=) so Back and links work.
import { lazy, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { packagesOf, tripsOfMonth, type CatalogPackage } from '@umrah/domain/catalog';
import type { ProductDto } from '@umrah/domain/contracts';
import { TypeClass } from '@umrah/domain/enums';
import { monthTiles } from '@umrah/domain/months';
import { QueryState } from '../components/Feedback';
import { PageBanner } from '../components/PageBanner';
import { ClassChoice, MonthTiles, PackageCard, TripList, useCatalog } from '../features/catalog';
import { useRegion } from '../features/preferences';
import { useAuth, useAuthModals } from '../features/auth';
import { useMyWaitlist } from '../features/waitlist/api';
import { withHolds } from '../features/waitlist/holds';
import { PageSection } from '../components/PageSection';
import { LazyMount } from '../components/LazyMount';
import { usePageTitle } from '../lib/usePageTitle';

// The modals (and the room wizard, date and country fields behind them) are not part of the page's
// first JavaScript: each loads when it is first opened (LazyMount).
const CustomTripModal = lazy(() => import('../features/catalog/CustomTripModal').then((m) => ({ default: m.CustomTripModal })));
const InfoModal = lazy(() => import('../features/catalog/InfoModal').then((m) => ({ default: m.InfoModal })));
const WaitlistModal = lazy(() => import('../features/waitlist/WaitlistModal').then((m) => ({ default: m.WaitlistModal })));
const OrderModal = lazy(() => import('../features/room-wizard/OrderModal').then((m) => ({ default: m.OrderModal })));

// Keeps a section's title clear of the sticky header when it is scrolled into view.
const SCROLL_MARGIN = { scrollMarginTop: 88 };
const REGION_NAME = { NL: 'Nederland', BE: 'België' } as const;

function useScrollTo(deps: unknown) {
  const ref = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Not on the first render: a deep link should open at the top with the banner.
    if (first.current) {
      first.current = false;
      return;
    }
    if (deps) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [deps]);
  return ref;
}

/**
 * 'Zet mij op de wachtlijst' needs a login. With a stored login still being checked (the page has
 * just hydrated, as a guest's), the choice waits for it instead of asking a logged-in customer to
 * log in; without one, the login opens.
 */
function useWaitlistChoice(open: (pkg: CatalogPackage) => void) {
  const { user, loading } = useAuth();
  const { open: openAuth } = useAuthModals();
  const waiting = useRef<CatalogPackage | null>(null);
  useEffect(() => {
    const pkg = waiting.current;
    if (loading || !pkg) return;
    waiting.current = null;
    if (user) open(pkg);
    else openAuth('login');
  }, [loading, user, open, openAuth]);
  return (pkg: CatalogPackage) => {
    if (user) open(pkg);
    else if (loading) waiting.current = pkg;
    else openAuth('login');
  };
}

export default function PackagesPage() {
  usePageTitle('Pakketten');
  const region = useRegion();
  const catalog = useCatalog(region);
  const { user } = useAuth();
  const waitlist = useMyWaitlist(Boolean(user));
  // Places held for this customer on the waiting list are theirs to book (the order uses the hold).
  const products = useMemo(() => withHolds(catalog.data ?? [], waitlist.data), [catalog.data, waitlist.data]);
  const { tiles, month, trips, trip, typeClass, packages, choose } = usePackageChoice(products);
  const dialogs = usePackageDialogs();
  const onWaitlist = useWaitlistChoice(dialogs.setWaitPkg);

  const tripsRef = useScrollTo(month?.key);
  const classRef = useScrollTo(trip?.key);
  const packagesRef = useScrollTo(typeClass !== null ? `${trip?.key}-${typeClass}` : null);

  return (
    <>
      <PageBanner
        title="Pakketten"
        subtitle="Kies de maand van je Umrah, je reisdata en je klasse. Alle pakketten zijn volledig verzorgd: vlucht, visum, hotels, vervoer en begeleiding."
        image="/images/banners/pakketten.svg"
      />
      <Container size="lg" py="xl">
        <Stack gap={40}>
          <PageSection id="maanden-titel" title="Kies een maand" titleGap={4}>
            <Text c="dimmed" size="sm" mb="md">
              Vertrek vanuit {REGION_NAME[region]}. Je kunt je regio wijzigen via &lsquo;Regio en taal&rsquo; bovenaan de pagina.
            </Text>
            <QueryState query={catalog} loadingLabel="Pakketten laden...">
              <MonthTiles tiles={tiles} selected={month?.key ?? null} onSelect={(key) => choose({ maand: key })} onCustom={dialogs.openCustom} />
            </QueryState>
          </PageSection>

          {month && (
            <PageSection
              id="reizen-titel"
              title={
                <>
                  Reizen in <span style={{ textTransform: 'capitalize' }}>{month.label}</span>
                </>
              }
              titleGap="md"
              style={SCROLL_MARGIN}
              ref={tripsRef}
            >
              {trips.length === 0 ? (
                <Alert color="gray">Er zijn in deze maand geen reizen meer te boeken.</Alert>
              ) : (
                <TripList trips={trips} selected={trip?.key ?? null} onSelect={(key) => choose({ maand: month.key, reis: key })} />
              )}
            </PageSection>
          )}

          {month && trip && (
            <PageSection id="klasse-titel" title="Kies je klasse" titleGap="md" style={SCROLL_MARGIN} ref={classRef}>
              <ClassChoice available={trip.classes} selected={typeClass} onSelect={(c) => choose({ maand: month.key, reis: trip.key, klasse: c })} />
            </PageSection>
          )}

          {trip && typeClass !== null && (
            <PackagesSection
              packages={packages}
              sectionRef={packagesRef}
              onInfo={dialogs.setInfoPkg}
              onOrder={dialogs.setOrderPkg}
              onWaitlist={onWaitlist}
            />
          )}
        </Stack>
      </Container>
      {dialogs.element}
    </>
  );
}

/** The month, trip and class chosen in the URL (?maand=&reis=&klasse=), and what they leave to choose. */
function usePackageChoice(products: readonly ProductDto[]) {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => new Date(), []);
  const tiles = useMemo(() => monthTiles(today, products), [today, products]);

  // A choice that does not exist (any more) in this region is simply not applied.
  const month = tiles.find((t) => t.key === params.get('maand') && t.status === 'available') ?? null;
  const trips = useMemo(() => (month ? tripsOfMonth(products, month.key, today) : []), [products, month, today]);
  const trip = trips.find((t) => t.key === params.get('reis')) ?? null;
  const requestedClass = Number(params.get('klasse'));
  const typeClass: TypeClass | null =
    trip && params.get('klasse') !== null && trip.classes.includes(requestedClass as TypeClass) ? (requestedClass as TypeClass) : null;
  const packages = useMemo(
    () => (trip && typeClass !== null ? packagesOf(products, trip, typeClass, today) : []),
    [products, trip, typeClass, today],
  );

  const choose = (next: { maand?: string; reis?: string; klasse?: TypeClass }) => {
    const p = new URLSearchParams();
    if (next.maand) p.set('maand', next.maand);
    if (next.reis) p.set('reis', next.reis);
    if (next.klasse !== undefined) p.set('klasse', String(next.klasse));
    setParams(p, { preventScrollReset: true });
  };

  return { tiles, month, trips, trip, typeClass, packages, choose };
}

function PackagesSection({
  packages,
  sectionRef,
  onInfo,
  onOrder,
  onWaitlist,
}: {
  packages: CatalogPackage[];
  sectionRef: RefObject<HTMLElement | null>;
  onInfo: (pkg: CatalogPackage) => void;
  onOrder: (pkg: CatalogPackage) => void;
  onWaitlist: (pkg: CatalogPackage) => void;
}) {
  return (
    <PageSection id="pakketten-titel" title="Pakketten" titleGap="md" style={SCROLL_MARGIN} ref={sectionRef}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {packages.map((pkg) => (
          <PackageCard key={pkg.key} pkg={pkg} onInfo={() => onInfo(pkg)} onOrder={() => onOrder(pkg)} onWaitlist={() => onWaitlist(pkg)} />
        ))}
      </SimpleGrid>
    </PageSection>
  );
}

/** The page's dialogs (custom trip, information, order, waiting list) and what opens them. */
function usePackageDialogs() {
  const [customOpen, setCustomOpen] = useState(false);
  const [infoPkg, setInfoPkg] = useState<CatalogPackage | null>(null);
  const [orderPkg, setOrderPkg] = useState<CatalogPackage | null>(null);
  const [waitPkg, setWaitPkg] = useState<CatalogPackage | null>(null);
  const element = (
    <>
      <LazyMount open={customOpen}>
        <CustomTripModal opened={customOpen} onClose={() => setCustomOpen(false)} />
      </LazyMount>
      <LazyMount open={infoPkg !== null}>
        <InfoModal pkg={infoPkg} onClose={() => setInfoPkg(null)} />
      </LazyMount>
      <LazyMount open={waitPkg !== null}>
        <WaitlistModal pkg={waitPkg} onClose={() => setWaitPkg(null)} />
      </LazyMount>
      <LazyMount open={orderPkg !== null}>
        <OrderModal pkg={orderPkg} onClose={() => setOrderPkg(null)} />
      </LazyMount>
    </>
  );
  return { openCustom: () => setCustomOpen(true), setInfoPkg, setOrderPkg, setWaitPkg, element };
}
