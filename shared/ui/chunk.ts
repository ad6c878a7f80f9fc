/**
 * Code split into a chunk of its own, shown by a state update once it has run, not by lazy() and
 * Suspense: React holds a Suspense boundary's content back until its fallback has shown for
 * 300 ms, which put AG Grid's creation after the list's data, kept a cold dashboard idle after its
 * host's chunk had come, and showed the login card that late.
 */
import { useEffect, useState } from 'react';

export interface Chunk<T> {
  /** The chunk's export once it has run (at once on a later screen), else undefined. */
  readonly loaded: T | undefined;
  /** Asks for the chunk once per page (again after a failure, which is logged); the same promise meanwhile. */
  load(): Promise<T>;
  /**
   * Starts the load ahead of the screen that shows the chunk, and settles either way: a failure is
   * logged by load() and shown by that screen (useChunk), which asks again.
   */
  warm(): Promise<void>;
}

/**
 * `importer`: the import() and the export it picks; it runs at the first load(), not before.
 * `what`: the chunk in the log's words ("the charts (echarts)").
 */
export function chunk<T>(what: string, importer: () => Promise<T>): Chunk<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const load = () => {
    loading ??= importer().then(
      (value) => (loaded = value),
      (error: unknown) => {
        loading = undefined;
        console.warn(`The code of ${what} could not be loaded (it is asked for again when shown):`, error);
        throw error;
      },
    );
    return loading;
  };
  return {
    get loaded() {
      return loaded;
    },
    load,
    warm: () =>
      load().then(
        () => undefined,
        // Logged by load(); the screen that shows the chunk says it.
        () => undefined,
      ),
  };
}

/**
 * The chunk's export: undefined while it loads (asked for from an effect, so after the effects
 * declared before this call), then a re-render with it. A chunk that failed to load is thrown, to
 * the error boundary, as a lazy component's would be; the next mount asks again.
 */
export function useChunk<T>(code: Chunk<T>): T | undefined {
  const [state, setState] = useState<{ value?: T; error?: unknown }>(() => ({ value: code.loaded }));
  const value = state.value ?? code.loaded;
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    code.load().then(
      (loaded) => live && setState({ value: loaded }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [code, value]);
  if ('error' in state) throw state.error;
  return value;
}
