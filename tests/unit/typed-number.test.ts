import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/limits';
import { kcalFrom } from '@/lib/units/units';
import { parseDecimal, typedNumberProblem, ungrouped } from '@/lib/ui/typed-number';

describe('what is wrong with a typed figure', () => {
  // A quick add's kcal: more than 0, at most 20,000 kcal, typed in kcal or kJ.
  const quickAddKcal = (energy: 'kcal' | 'kj') => ({
    limit: LIMITS.entryKcal,
    toChecked: (typed: number) => kcalFrom(typed, energy),
    aboveMin: true,
  });

  it('names each problem of a quick add kcal rather than its upper limit', () => {
    const rule = quickAddKcal('kcal');
    expect(typedNumberProblem('', rule)).toBe('required');
    expect(typedNumberProblem('   ', rule)).toBe('required');
    expect(typedNumberProblem('-5', rule)).toBe('tooSmall');
    expect(typedNumberProblem('0', rule)).toBe('tooSmall');
    expect(typedNumberProblem('🍌', rule)).toBe('notNumber');
    expect(typedNumberProblem('12a', rule)).toBe('notNumber');
    expect(typedNumberProblem('1e5', rule)).toBe('notNumber');
    expect(typedNumberProblem('25000', rule)).toBe('tooBig');
    expect(typedNumberProblem('20000', rule)).toBeNull();
    expect(typedNumberProblem('120,5', rule)).toBeNull();
  });

  it('checks a figure in the unit it is stored in', () => {
    // 80,000 kJ is about 19,120 kcal: allowed; 90,000 kJ is past 20,000 kcal.
    expect(typedNumberProblem('80000', quickAddKcal('kj'))).toBeNull();
    expect(typedNumberProblem('90000', quickAddKcal('kj'))).toBe('tooBig');
  });

  it('asks for whole minutes before it speaks of their range', () => {
    const minutes = { limit: LIMITS.activityMinutes, whole: true };
    expect(typedNumberProblem('30.5', minutes)).toBe('notWhole');
    expect(typedNumberProblem('30,5', minutes)).toBe('notWhole');
    expect(typedNumberProblem('0', minutes)).toBe('tooSmall');
    expect(typedNumberProblem('2000', minutes)).toBe('tooBig');
    expect(typedNumberProblem('30', minutes)).toBeNull();
  });

  it('reads a comma or a dot, and nothing else, as a number', () => {
    expect(parseDecimal('72,5')).toBe(72.5);
    expect(parseDecimal(' .5 ')).toBe(0.5);
    expect(parseDecimal('1 000')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
  });
});

describe('a count typed with its thousands grouped', () => {
  it.each([
    ['12 345', '12345'],
    ['12\u00a0345', '12345'],
    ['12,345', '12345'],
    ['12.345', '12345'],
    ["12'345", '12345'],
    ['1,234,567', '1234567'],
    // A fraction's dot or comma stays, so the figure is refused as no whole count.
    ['12.5', '12.5'],
    ['12,34', '12,34'],
    ['12345', '12345'],
  ])('"%s" reads as "%s"', (typed, read) => {
    expect(ungrouped(typed)).toBe(read);
  });
});
