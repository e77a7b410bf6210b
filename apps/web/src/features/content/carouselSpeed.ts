// docs/RULES.md, 'Constants': a flyer slides to the next in 500 ms. Embla (under Mantine's Carousel) has no speed in
// milliseconds: its `duration` drives a damped spring (velocity += distance / duration, then times
// the friction, once per 1/60 s frame). The duration is found by running that same spring: the
// largest one whose slide has come to rest (within 0.5 % of the way) at the asked time.

const FRAME_MS = 1000 / 60;
/** Embla's default friction, which the carousel keeps. */
export const EMBLA_FRICTION = 0.68;
export const FLYER_SPEED_MS = 500;

/** Milliseconds until a slide of Embla's spring with this duration stays within 0.5 % of its end. */
export function emblaSlideMs(duration: number, friction = EMBLA_FRICTION): number {
  let at = 0;
  let velocity = 0;
  let lastAway = 0;
  for (let frame = 1; frame <= 600; frame++) {
    velocity = (velocity + (1 - at) / duration) * friction;
    at += velocity;
    if (Math.abs(1 - at) > 0.005) lastAway = frame;
  }
  return (lastAway + 1) * FRAME_MS;
}

/** Embla's `duration` for a slide of `ms` milliseconds (to one frame). */
export function emblaDurationFor(ms: number): number {
  let best = 25;
  for (let d = 5; d <= 60; d++) if (Math.abs(emblaSlideMs(d) - ms) <= Math.abs(emblaSlideMs(best) - ms)) best = d;
  return best;
}

export const FLYER_EMBLA_DURATION = emblaDurationFor(FLYER_SPEED_MS);
