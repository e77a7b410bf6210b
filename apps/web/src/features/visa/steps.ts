// The visa wizard's steps (docs/RULES.md, 'Screens: Visa wizard'): 0 is the introduction, 1..n one step per guest of
// the order, n + 1 'Afronden'. Pure functions, so the resume and navigation rules are unit-tested.

export interface StepGuest {
  id: number;
  has_documents: boolean;
}

export const INTRO_STEP = 0;
export const finishStep = (guestCount: number) => guestCount + 1;
export const isGuestStep = (step: number, guestCount: number) => step >= 1 && step <= guestCount;

/** The index (0-based) of the first guest whose documents are still missing, or -1. */
export const firstMissing = (guests: readonly StepGuest[]) => guests.findIndex((g) => !g.has_documents);

export const allDelivered = (guests: readonly StepGuest[]) => guests.length > 0 && firstMissing(guests) === -1;

/**
 * Where a (re)opened wizard starts: the introduction while nothing is delivered yet, else the first
 * guest still missing documents (what was saved stays saved), else 'Afronden'.
 */
export function resumeStep(guests: readonly StepGuest[]): number {
  if (guests.length === 0) return INTRO_STEP;
  const missing = firstMissing(guests);
  if (missing === -1) return finishStep(guests.length);
  if (!guests.some((g) => g.has_documents)) return INTRO_STEP;
  return missing + 1;
}

/**
 * The step after `step`. 'Afronden' only follows once every guest is delivered; otherwise the
 * wizard goes to the first guest still missing (for example one the office reset meanwhile).
 */
export function nextStep(step: number, guests: readonly StepGuest[]): number {
  const n = guests.length;
  const next = Math.min(step + 1, finishStep(n));
  if (next === finishStep(n) && !allDelivered(guests)) {
    const missing = firstMissing(guests);
    return missing === -1 ? INTRO_STEP : missing + 1;
  }
  return next;
}

export const previousStep = (step: number) => Math.max(INTRO_STEP, step - 1);

/** A step header can be chosen up to the first guest still missing; 'Afronden' only when all are in. */
export function canSelectStep(target: number, guests: readonly StepGuest[]): boolean {
  const n = guests.length;
  if (target < INTRO_STEP || target > finishStep(n)) return false;
  if (target === finishStep(n)) return allDelivered(guests);
  const missing = firstMissing(guests);
  return missing === -1 || target <= missing + 1;
}

/** 'Introductie', 'Reiziger 2 van 4' or 'Afronden'. */
export function progressLabel(step: number, guestCount: number): string {
  if (isGuestStep(step, guestCount)) return `Reiziger ${step} van ${guestCount}`;
  return step === INTRO_STEP ? 'Introductie' : 'Afronden';
}

/** Share of guests delivered, 0-100, for the progress bar. */
export const deliveredPercent = (guests: readonly StepGuest[]) =>
  guests.length === 0 ? 0 : Math.round((guests.filter((g) => g.has_documents).length / guests.length) * 100);
