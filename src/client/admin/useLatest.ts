import { useLayoutEffect, useRef } from 'react';

/**
 * The latest value, for callbacks that outlive the render that made them (a map's click handler, a geocoder's
 * answer, a form's pick handler): a ref written after each commit, so a render never writes a ref itself.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
