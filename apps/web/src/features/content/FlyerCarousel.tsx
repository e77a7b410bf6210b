// The home page's flyers (docs/RULES.md, 'Product', 'Constants'): a carousel of up to 5 flyers side by side (fewer under 1000,
// 768, 600 and 400 px) that moves on every 4.5 s, each slide taking 500 ms (carouselSpeed.ts). Loaded lazily so the first page stays light.
import '@mantine/carousel/styles.css';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Carousel, type CarouselProps } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import type { ArticleDto } from '@umrah/domain/validation/contact';
import { FLYER_AUTOPLAY_MS, slidesPerView } from './api';
import { ArticlePicture } from './ArticlePicture';
import { FLYER_EMBLA_DURATION } from './carouselSpeed';

type Embla = Parameters<NonNullable<CarouselProps['getEmblaApi']>>[0];

/** The width the server renders for: hydration starts from it, then takes the window's. */
const SERVER_WIDTH = 1200;
const onResize = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};

export default function FlyerCarousel({ flyers }: { flyers: ArticleDto[] }) {
  // Read during hydration, the window's width differed from the server's on a phone: React threw the
  // server's HTML of the carousel away (a hydration error). The server's answer is used while
  // hydrating; the window's right after, and at once when the page is drawn in the browser.
  const perView = useSyncExternalStore(
    onResize,
    () => slidesPerView(window.innerWidth, flyers.length),
    () => slidesPerView(SERVER_WIDTH, flyers.length),
  );
  const scrolls = flyers.length > perView;

  const [embla, setEmbla] = useState<Embla | null>(null);
  const paused = useRef(false);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!embla || !scrolls || reduceMotion) return;
    const timer = window.setInterval(() => {
      if (!paused.current) embla.scrollNext();
    }, FLYER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, scrolls, reduceMotion]);

  return (
    <div
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
      data-testid="flyers"
      data-per-view={perView}
    >
      <Carousel
        key={perView}
        slideSize={`${100 / perView}%`}
        slideGap="md"
        withControls={scrolls}
        withIndicators={false}
        emblaOptions={{ loop: scrolls, align: 'start', duration: FLYER_EMBLA_DURATION, slidesToScroll: 1 }}
        getEmblaApi={setEmbla}
        previousControlProps={{ 'aria-label': 'Vorige flyer' }}
        nextControlProps={{ 'aria-label': 'Volgende flyer' }}
      >
        {flyers.map((f) => (
          <Carousel.Slide key={f.id} data-testid="flyer">
            <ArticlePicture
              article={f}
              alt={f.description ? `${f.label}: ${f.description}` : f.label}
              sizes="(max-width: 400px) 100vw, (max-width: 768px) 50vw, 240px"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </Carousel.Slide>
        ))}
      </Carousel>
    </div>
  );
}
