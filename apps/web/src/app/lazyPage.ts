import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export, so each page keeps its name and loads on first visit. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
