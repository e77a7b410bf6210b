import { describe, expect, it } from 'vitest';
import { FLYER_EMBLA_DURATION, FLYER_SPEED_MS, emblaSlideMs } from './carouselSpeed';

describe('flyer carousel speed (docs/RULES.md, Constants: 500 ms)', () => {
  it('uses the Embla duration whose slide comes to rest in 500 ms, to one frame', () => {
    expect(FLYER_SPEED_MS).toBe(500);
    expect(Math.abs(emblaSlideMs(FLYER_EMBLA_DURATION) - 500)).toBeLessThanOrEqual(1000 / 60);
    // The duration the carousel had (30) took about a second.
    expect(emblaSlideMs(30)).toBeGreaterThan(900);
  });
});
