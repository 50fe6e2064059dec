import { describe, expect, it } from 'vitest';
import { compose, defaultSpec, formulaOf, METRIC_WHY, printedShares, specProblem, type CompositionSpec } from './composition';

const layers = [
  { id: 'a', weight: 0.5 },
  { id: 'b', weight: 0.5 },
  { id: 'g', weight: 1, gate: true },
  { id: 'm', weight: 0 },
];
const values = (o: Record<string, number>) => new Map(Object.entries(o));

describe('compose', () => {
  it('multiplies the factors into every term: a half-open gate halves each share', () => {
    const { reward, composition } = compose(layers, defaultSpec(layers), values({ a: 1, b: 0.5, g: 0.5 }));
    expect(reward).toBe(0.375);
    expect(composition.terms).toEqual([
      { layer: 'a', weight: 0.5, adds: 0.25 },
      { layer: 'b', weight: 0.5, adds: 0.125 },
    ]);
    expect(composition.unused).toEqual([{ layer: 'm', why: METRIC_WHY }]);
  });

  it('a fixed term is its weight times the factors, whatever the layer’s own value', () => {
    const spec: CompositionSpec = {
      factors: ['a'],
      terms: [
        { layer: 'a', weight: 0.8, fixed: true },
        { layer: 'b', weight: 0.2 },
      ],
    };
    const { reward, composition } = compose(layers, spec, values({ a: 0.5, b: 0.5 }));
    // 0.5 × (0.8 + 0.2·0.5) = 0.45
    expect(reward).toBe(0.45);
    expect(composition.terms.map((t) => t.adds)).toEqual([0.4, 0.05]);
    expect(composition.unused.map((u) => u.layer)).toEqual(['g', 'm']);
  });

  it('gives what 6-decimal rounding leaves over to the largest share, so the shares sum to the reward', () => {
    const three = [
      { id: 'x', weight: 1 / 3 },
      { id: 'y', weight: 1 / 3 },
      { id: 'z', weight: 1 / 3 },
    ];
    const { reward, composition } = compose(three, defaultSpec(three), values({ x: 1, y: 1, z: 1 }));
    expect(reward).toBe(1);
    expect(composition.terms.reduce((s, t) => s + t.adds, 0)).toBeCloseTo(1, 12);
    expect(composition.terms.map((t) => t.adds).sort()).toEqual([0.333333, 0.333333, 0.333334]);
  });
});

describe('printedShares', () => {
  it('apportions by largest remainder so the printed shares add up to the printed reward', () => {
    const three = [
      { id: 'x', weight: 1 / 3 },
      { id: 'y', weight: 1 / 3 },
      { id: 'z', weight: 1 / 3 },
    ];
    const { reward, composition } = compose(three, defaultSpec(three), values({ x: 1, y: 1, z: 1 }));
    const p = printedShares(composition, reward);
    expect(p.total).toBe('1.00');
    expect([...p.adds.values()].sort()).toEqual(['0.33', '0.33', '0.34']);
  });

  it('leaves shares that already add up alone', () => {
    const { reward, composition } = compose(layers, defaultSpec(layers), values({ a: 0.6, b: 0.2, g: 1 }));
    expect(printedShares(composition, reward)).toEqual({
      total: '0.40',
      adds: new Map([
        ['a', '0.30'],
        ['b', '0.10'],
      ]),
    });
  });
});

describe('specProblem', () => {
  it('names unknown layers, weights that do not sum to 1, fixed terms that are not factors, and layers counted and unused at once', () => {
    expect(specProblem(layers, defaultSpec(layers))).toBeNull();
    expect(specProblem(layers, { factors: ['q'], terms: [{ layer: 'a', weight: 1 }] })).toMatch(/q/);
    expect(specProblem(layers, { factors: [], terms: [{ layer: 'a', weight: 0.6 }] })).toMatch(/sum to 0.6/);
    expect(specProblem(layers, { factors: [], terms: [{ layer: 'a', weight: 1, fixed: true }] })).toMatch(/fixed/);
    expect(specProblem(layers, { factors: ['g'], terms: [{ layer: 'a', weight: 1 }], unused: [{ layer: 'g', why: '' }] })).toMatch(/counted and unused/);
  });
});

describe('formulaOf', () => {
  const label = (id: string) => id.toUpperCase();
  it('writes a gate times one term without weights, a fixed share as a constant', () => {
    expect(formulaOf(compose(layers, { factors: ['g'], terms: [{ layer: 'a', weight: 1 }] }, values({})).composition, label)).toBe('G × A');
    const spec: CompositionSpec = {
      factors: ['g', 'a'],
      terms: [
        { layer: 'a', weight: 0.85, fixed: true },
        { layer: 'b', weight: 0.15 },
      ],
    };
    expect(formulaOf(compose(layers, spec, values({})).composition, label)).toBe('G × A × (0.85 + 0.15·B)');
    expect(formulaOf(compose(layers, defaultSpec(layers), values({})).composition, label)).toBe('G × (0.50·A + 0.50·B)');
  });
});
