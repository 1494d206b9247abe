import { useSearchParams } from 'react-router';

const isLayoutOf = <L extends string>(layouts: Record<L, unknown>, value: string | null): value is L => value !== null && Object.hasOwn(layouts, value);

/** The layout in the page's `layout` search param when it is one of `layouts`, else `fallback`, and a way to pick another. */
export function useLayoutParam<L extends string>(layouts: Record<L, unknown>, fallback: L): [L, (layout: string) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get('layout');
  const pick = (layout: string) => setSearch({ layout }, { replace: true });
  return [isLayoutOf(layouts, value) ? value : fallback, pick];
}
