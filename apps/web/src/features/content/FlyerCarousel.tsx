// The home page's flyers (SPEC 1, 9): a carousel of up to 5 flyers side by side (fewer under 1000,
// 768, 600 and 400 px) that moves on every 4.5 s. Loaded lazily so the first page stays light.
import '@mantine/carousel/styles.css';
import { useEffect, useRef, useState } from 'react';
import { Carousel, type CarouselProps } from '@mantine/carousel';
import { useReducedMotion, useWindowEvent } from '@mantine/hooks';
import type { ArticleDto } from '@umrah/domain/validation/contact';
import { FLYER_AUTOPLAY_MS, slidesPerView } from './api';
import { ArticlePicture } from './ArticlePicture';

type Embla = Parameters<NonNullable<CarouselProps['getEmblaApi']>>[0];

const windowWidth = () => (typeof window === 'undefined' ? 1200 : window.innerWidth);

export default function FlyerCarousel({ flyers }: { flyers: ArticleDto[] }) {
  const [width, setWidth] = useState(windowWidth);
  useWindowEvent('resize', () => setWidth(windowWidth()));
  const perView = slidesPerView(width, flyers.length);
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
        emblaOptions={{ loop: scrolls, align: 'start', duration: 30, slidesToScroll: 1 }}
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
