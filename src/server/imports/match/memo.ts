// Names repeat: a library lists 供应商1, 供应商2 … of one material, a budget file a material in ten specifications,
// a model one material on thousands of elements. What is read from a name alone (its family, its bulk density) is
// worked out once per name. Bounded, so a long-running server cannot grow it: past `max` names it starts again.

/** `read` remembered by its text. */
export function memoByText<T>(read: (text: string) => T, max = 20_000): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    if (seen.has(text)) return seen.get(text)!;
    const value = read(text);
    if (seen.size >= max) seen.clear();
    seen.set(text, value);
    return value;
  };
}
