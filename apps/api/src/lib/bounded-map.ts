/** A Map of at most `maxEntries` entries: setting one more forgets the oldest (the first set). */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    super();
    this.#maxEntries = maxEntries;
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    if (this.size > this.#maxEntries) this.delete(this.keys().next().value as K);
    return this;
  }
}
