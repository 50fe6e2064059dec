import { isJsonObject, type JsonObject } from '../core/json';

/** A located parse failure: `path` is like `steps[3].call.name`. */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path || '(root)'}: ${message}`);
  }
}

const describe = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

export function objectAt(v: unknown, path: string): JsonObject {
  if (!isJsonObject(v)) throw new ShapeError(path, `expected an object, got ${describe(v)}`);
  return v;
}

export function arrayAt(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new ShapeError(path, `expected an array, got ${describe(v)}`);
  return v as unknown[];
}

export function stringAt(v: unknown, path: string): string {
  if (typeof v !== 'string') throw new ShapeError(path, `expected a string, got ${describe(v)}`);
  return v;
}

export function numberAt(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ShapeError(path, `expected a number, got ${describe(v)}`);
  return v;
}

export function booleanAt(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') throw new ShapeError(path, `expected true or false, got ${describe(v)}`);
  return v;
}

export function oneOf<T extends string>(v: unknown, path: string, allowed: readonly T[]): T {
  const s = stringAt(v, path);
  if (!(allowed as readonly string[]).includes(s)) throw new ShapeError(path, `expected one of ${allowed.join(', ')}, got "${s}"`);
  return s as T;
}

export function optional<T>(v: unknown, read: (v: unknown) => T): T | undefined {
  return v === undefined ? undefined : read(v);
}
