import { describe, expect, it } from 'vitest';
import { canSelectStep, deliveredPercent, finishStep, nextStep, previousStep, progressLabel, resumeStep } from './steps';

const guests = (...done: boolean[]) => done.map((has_documents, i) => ({ id: i + 1, has_documents }));

describe('visa wizard steps', () => {
  it('opens at the introduction while nothing is delivered', () => {
    expect(resumeStep(guests(false, false))).toBe(0);
    expect(resumeStep([])).toBe(0);
  });

  it('resumes at the first guest still missing once something is saved', () => {
    expect(resumeStep(guests(true, false, false))).toBe(2);
    // A guest reset by the office: open again for that guest only.
    expect(resumeStep(guests(true, false, true, true))).toBe(2);
    expect(resumeStep(guests(true, true, true, false))).toBe(4);
  });

  it("opens at 'Afronden' when every guest is delivered", () => {
    expect(resumeStep(guests(true, true))).toBe(finishStep(2));
    expect(finishStep(2)).toBe(3);
  });

  it("goes to 'Afronden' only when all are in, else back to the first missing guest", () => {
    expect(nextStep(0, guests(false, false))).toBe(1);
    expect(nextStep(1, guests(true, false))).toBe(2);
    expect(nextStep(2, guests(true, true))).toBe(3);
    expect(nextStep(2, guests(false, true))).toBe(1);
    expect(nextStep(3, guests(true, true))).toBe(3);
    expect(previousStep(1)).toBe(0);
    expect(previousStep(0)).toBe(0);
  });

  it('lets a step header be chosen up to the first missing guest', () => {
    const g = guests(true, false, false);
    expect(canSelectStep(0, g)).toBe(true);
    expect(canSelectStep(1, g)).toBe(true);
    expect(canSelectStep(2, g)).toBe(true);
    expect(canSelectStep(3, g)).toBe(false);
    expect(canSelectStep(4, g)).toBe(false);
    expect(canSelectStep(3, guests(true, true))).toBe(true);
    expect(canSelectStep(-1, g)).toBe(false);
  });

  it("labels the progress as 'Reiziger 2 van 4'", () => {
    expect(progressLabel(0, 4)).toBe('Introductie');
    expect(progressLabel(2, 4)).toBe('Reiziger 2 van 4');
    expect(progressLabel(5, 4)).toBe('Afronden');
    expect(deliveredPercent(guests(true, false, false, true))).toBe(50);
    expect(deliveredPercent([])).toBe(0);
  });
});
