// A tiny typed event emitter: the API client uses it to tell the app that a signed-in session has expired.

type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
}

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        (listener as Listener<typeof payload>)(payload);
      }
    },
  };
}
