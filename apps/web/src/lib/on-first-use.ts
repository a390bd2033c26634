/**
 * A value made the first time it is asked for. For Intl's formatters and collators: the first one
 * a page makes costs 15–30 ms of the main thread (ICU's locale data), so none is made at a
 * module's start, where it would lengthen the loading of every page that imports it.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
