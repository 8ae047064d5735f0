// A Map that keeps at most `max` entries, dropping the least recently used (issue 26 item 11): every module-level
// cache lives as long as the isolate, and a key a caller chooses (a card id, a rated power) must not grow it for ever.
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError("BoundedMap needs room for one entry");
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
