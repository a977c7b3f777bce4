import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The content width of an element, in CSS pixels, kept current as it resizes; 0 until it is laid out.
 * Charts draw at this width rather than scaling a fixed drawing, so their text keeps its size and they
 * fill what they are given.
 */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (next: number) =>
      setWidth((current) => (Math.abs(current - next) < 1 ? current : Math.floor(next)));
    measure(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
