import type { FastifyInstance } from 'fastify';
import type { Job } from './jobs/index.ts';

/**
 * A module as app.ts mounts it: its name, its routes (what registering them answers is what other
 * modules may use of it, its face) and its periodic jobs (run by the job runner, one process at a time).
 */
export interface ApiModule<Deps, Face = void> {
  readonly name: string;
  routes(app: FastifyInstance, deps: Deps): Face;
  jobs(deps: Deps): Job[];
}

/** The jobs of a module that has none. */
export const noJobs = (): Job[] => [];

/** A module's descriptor, its types read from its routes (its jobs may use fewer of the dependencies). */
export const defineModule = <Deps, Face>(module: {
  name: string;
  routes: (app: FastifyInstance, deps: Deps) => Face;
  jobs: (deps: NoInfer<Deps>) => Job[];
}): ApiModule<Deps, Face> => module;

/** A module of the app's list: its descriptor, and its dependencies, read when it is mounted. */
export interface Mount {
  readonly descriptor: ApiModule<never, unknown>;
  readonly deps: () => unknown;
}

export const mountOf = <Deps, Face>(descriptor: ApiModule<Deps, Face>, deps: () => Deps): Mount => ({ descriptor, deps }) as Mount;

/**
 * Mounts a list of modules in order: each one's jobs, then its routes. A module's dependencies are
 * read when its turn comes, so they may hold the faces of the modules mounted before it (`face`).
 */
export function moduleMounter(app: FastifyInstance, jobs: { register(job: Job): void }) {
  const faces = new Map<unknown, unknown>();
  return {
    async mountAll(modules: readonly Mount[]): Promise<void> {
      for (const { descriptor, deps } of modules) {
        const given = deps() as never;
        for (const job of descriptor.jobs(given)) jobs.register(job);
        faces.set(descriptor, await descriptor.routes(app, given));
      }
    },
    face<Deps, Face>(descriptor: ApiModule<Deps, Face>): Awaited<Face> {
      if (!faces.has(descriptor)) throw new Error(`Module ${descriptor.name} is used before it is mounted: mount it earlier in the list`);
      return faces.get(descriptor) as Awaited<Face>;
    },
  };
}
