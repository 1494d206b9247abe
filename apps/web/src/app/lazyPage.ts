import { lazy, type ComponentType } from 'react';

export type LazyPage = ReturnType<typeof lazy<ComponentType>> & {
  /** Starts loading the page's code now, e.g. alongside its layout's (see router.tsx). */
  preload: () => Promise<unknown>;
};

/** React.lazy for a module's named export, so each page keeps its name and loads on first visit. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  let loading: Promise<M> | undefined;
  const loadOnce = () => (loading ??= load());
  const Page = lazy(async () => ({ default: (await loadOnce())[name] as ComponentType }));
  return Object.assign(Page, { preload: loadOnce });
}
